import type { Feature } from '@cbm/contracts/features';
import { flattenOperatingSites } from '@cbm/contracts/site-tree';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { getClientSettingsQuery } from '../features/overview';
import { authenticatedQuery, rulesQuery, userQuery } from '../features/session';
import { getCurrentSiteId, setCurrentSiteId, siteTreeQuery } from '../features/sites';
import { chooseLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { type GuardDependencies, runNavigationGuard } from './navigation-guard';
import { matchRouteChain } from './route-objects';

let hydrated = false;

const dependencies: GuardDependencies = {
  isAuthenticated: async () => (await queryClient.fetchQuery(authenticatedQuery)).authenticated,
  currentSiteId: getCurrentSiteId,
  setCurrentSiteId,
  reloadRules: async (siteId) => {
    await queryClient.fetchQuery({ ...rulesQuery(Number(siteId)), staleTime: 0 });
  },
  isHydrated: () => hydrated,
  hydrate: async () => {
    const [user] = await Promise.all([
      queryClient.ensureQueryData(userQuery),
      queryClient.ensureQueryData(siteTreeQuery),
      queryClient.ensureQueryData(getClientSettingsQuery),
    ]);
    if (user.language) chooseLanguage(user.language);
    hydrated = true;
  },
  authorizedFeatures: () =>
    queryClient.getQueryData<{ authorizedFeatures: Feature[] }>(userQuery.queryKey)?.authorizedFeatures ?? [],
  rules: () => {
    const siteId = getCurrentSiteId();
    return (siteId && queryClient.getQueryData(rulesQuery(Number(siteId)).queryKey)) || [];
  },
  isVisibleSite: (siteId) =>
    flattenOperatingSites(queryClient.getQueryData(siteTreeQuery.queryKey) ?? []).some(
      (site) => site.operatingSiteId === siteId,
    ),
  logError: (error) => console.error('Route load failed', error),
};

/** The root loader: runs the guard before every navigation (screens and routes). */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { chain, params } = matchRouteChain(url.pathname);
  const outcome = await runNavigationGuard(
    { url: url.pathname + url.search, pathname: url.pathname, siteId: params.siteId, params, chain },
    dependencies,
  );
  if (outcome.kind === 'signin') {
    window.location.assign(`/signin?next=${encodeURIComponent(outcome.next)}`);
    return new Promise<never>(() => undefined);
  }
  if (outcome.kind === 'redirect') throw redirect(outcome.to);
  return null;
}
