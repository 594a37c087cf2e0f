import { useMatches } from 'react-router';
import type { AppRoute } from './route-types';

/** The innermost matched route entry that defines the given field. */
export function useRouteHandle<K extends keyof AppRoute>(field: K): AppRoute[K] | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as AppRoute | undefined;
    if (handle?.[field] !== undefined) return handle[field];
  }
  return undefined;
}
