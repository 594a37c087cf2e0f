import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy';

/** The organisation's rule that its users sign in with two factors (decision 042). */
export function TwoFactorPolicySwitch({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const policy = useTwoFactorPolicy(siteId);
  const set = useSetTwoFactorPolicy(siteId);
  return (
    <Switch
      label={t('people.twoFactorPolicy.label')}
      description={t('people.twoFactorPolicy.description')}
      checked={policy.data?.required ?? false}
      disabled={!policy.data || set.isPending}
      onChange={(event) => set.mutate({ required: event.currentTarget.checked })}
    />
  );
}
