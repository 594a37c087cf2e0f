import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import { hasRequirement, isChainAllowed } from './access';
import type { AppRoute } from './route-types';

export interface GuardTarget {
  /** Path and query, for the return after sign-in. */
  url: string;
  pathname: string;
  siteId: string | undefined;
  params: Record<string, string | undefined>;
  /** The matched routes, outermost first. */
  chain: readonly AppRoute[];
}

export interface GuardDependencies {
  isAuthenticated(): Promise<boolean>;
  currentSiteId(): string | undefined;
  setCurrentSiteId(siteId: string): void;
  reloadRules(siteId: string): Promise<void>;
  isHydrated(): boolean;
  hydrate(): Promise<void>;
  authorizedFeatures(): readonly Feature[];
  rules(): readonly SitePermission[];
  isVisibleSite(siteId: number): boolean;
  logError(error: unknown): void;
}

export type GuardOutcome = { kind: 'signin'; next: string } | { kind: 'redirect'; to: string } | { kind: 'pass' };

const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/not-found';

const notFound = (target: GuardTarget): GuardOutcome => ({
  kind: 'redirect',
  to: `${NOT_FOUND_PATH}?${new URLSearchParams({ path: target.pathname })}`,
});

/** The navigation guard, step by step in the order the screens and routes give. */
export async function runNavigationGuard(target: GuardTarget, deps: GuardDependencies): Promise<GuardOutcome> {
  // 1. Sign-in: a full redirect to /signin when not authenticated.
  if (!(await deps.isAuthenticated())) return { kind: 'signin', next: target.url };

  // 2. A changed site becomes the current one and the rules are reloaded.
  const siteId = target.siteId === undefined ? undefined : parseSiteId(target.siteId);
  if (target.siteId !== undefined && siteId === undefined) return notFound(target);
  if (target.siteId !== undefined && target.siteId !== deps.currentSiteId()) {
    deps.setCurrentSiteId(target.siteId);
    await deps.reloadRules(target.siteId).catch(deps.logError);
  }

  // 3. First run: hydrate the stores.
  if (!deps.isHydrated()) await deps.hydrate().catch(deps.logError);

  // 4. No features at all: access denied.
  if (deps.authorizedFeatures().length === 0) {
    return target.pathname === FORBIDDEN_PATH ? { kind: 'pass' } : { kind: 'redirect', to: FORBIDDEN_PATH };
  }

  // An operating site the user may not see is an unknown path.
  if (siteId !== undefined && !deps.isVisibleSite(siteId)) return notFound(target);

  // 5. Routes without an auth requirement pass.
  if (!hasRequirement(target.chain)) return { kind: 'pass' };

  // 6. The route's load step, then the permission check.
  const route = target.chain[target.chain.length - 1];
  if (route?.load) await route.load({ siteId, params: target.params }).catch(deps.logError);
  const grants = { features: deps.authorizedFeatures(), rules: deps.rules() };
  if (isChainAllowed(target.chain, grants)) return { kind: 'pass' };
  // The refused page says which page it was (its title key) and whom to ask.
  const page = target.chain.findLast((entry) => entry.titleKey)?.titleKey;
  return { kind: 'redirect', to: page ? `${FORBIDDEN_PATH}?${new URLSearchParams({ page })}` : FORBIDDEN_PATH };
}

function parseSiteId(siteId: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(siteId) ? Number(siteId) : undefined;
}
