import { useRules, useUser } from '../features/session';
import { useOptionalSiteId } from '../features/sites';
import type { Grants } from './access';

/** The signed-in user's features and the permissions at the current operating site. */
export function useGrants(): Grants | undefined {
  const siteId = useOptionalSiteId();
  const user = useUser();
  const rules = useRules(siteId);
  if (!user.data) return undefined;
  if (siteId !== undefined && rules.isPending) return undefined;
  return { features: user.data.authorizedFeatures, rules: rules.data ?? [] };
}
