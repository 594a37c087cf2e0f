import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorRuleFormPath } from '../../../lib/page-paths';
import { useSiteHealth } from '../../overview';
import { useUser } from '../../session';

/**
 * In a site's inbox without active alarms while batteries there are in error: only errors that match an alert rule
 * become alarms (decision 040). Says so, and offers the alert form with a rule for every error of the site.
 */
export function ErrorsWithoutAlarms({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const features = useUser().data?.authorizedFeatures ?? [];
  const health = useSiteHealth(siteId, features.includes('cbm_liveview')).data;
  const inError = health?.total.error ?? 0;
  if (inError === 0) return null;
  return (
    <Alert color="orange" title={t('alarms.errorsWithoutAlarms.title', { count: inError })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('alarms.errorsWithoutAlarms.why')}</Text>
        {features.includes('cbm_alert') && (
          <Button component={Link} to={errorRuleFormPath(siteId)} size="xs">
            {t('alarms.errorsWithoutAlarms.makeRule')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
