import { useParams } from 'react-router';
import { useRules } from '../features/session/api/get-rules';
import { useUser } from '../features/session/api/get-user';
import type { Grants } from './access';

/** The signed-in user's features and the permissions at the current premise. */
export function useGrants(): Grants | undefined {
  const premise = useParams().premise;
  const user = useUser();
  const rules = useRules(premise === undefined ? undefined : Number(premise));
  if (!user.data) return undefined;
  if (premise !== undefined && rules.isPending) return undefined;
  return { features: user.data.authorizedFeatures, rules: rules.data ?? [] };
}
