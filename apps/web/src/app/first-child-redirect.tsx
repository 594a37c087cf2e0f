import { Navigate } from 'react-router';
import { firstAllowedChild } from './menu';
import type { AppRoute } from './route-types';
import { useGrants } from './use-grants';

/** Index of a parent route: opens the first child the user may use, or the overview when none. */
export function FirstChildRedirect({ route }: { route: AppRoute }) {
  const grants = useGrants();
  if (!grants) return null;
  return <Navigate to={firstAllowedChild(route, grants) ?? '/'} replace />;
}
