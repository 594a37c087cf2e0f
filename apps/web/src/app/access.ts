import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { Access, AppRoute } from './route-types';

export interface Grants {
  features: ReadonlySet<Feature> | readonly Feature[];
  rules: readonly SitePermission[];
}

const holds = (features: Grants['features'], feature: Feature) =>
  Array.isArray(features) ? features.includes(feature) : (features as ReadonlySet<Feature>).has(feature);

/** A route is open when the user holds at least one listed feature and the named site permission. */
export function isAllowed(access: Access | undefined, grants: Grants): boolean {
  if (!access) return true;
  const featureOk = !access.features?.length || access.features.some((feature) => holds(grants.features, feature));
  const ruleOk = !access.rule || grants.rules.includes(access.rule);
  return featureOk && ruleOk;
}

/** Every level of a matched route chain must be open. */
export const isChainAllowed = (chain: readonly AppRoute[], grants: Grants) =>
  chain.every((route) => isAllowed(route.access, grants));

export const hasRequirement = (chain: readonly AppRoute[]) => chain.some((route) => route.access !== undefined);
