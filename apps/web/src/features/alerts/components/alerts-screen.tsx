import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERROR_RULE_PARAM } from '../../../lib/page-paths';
import { useOperatingSites, useSiteId } from '../../sites';
import { errorRulePreset } from '../alert-form-model';
import { useAlerts } from '../api/get-alerts';
import { useAlertSelectOptions } from '../hooks/use-alert-select-options';
import { AlertForm } from './alert-form';
import { AlertTable } from './alert-table';
import { DeleteAlertDialog } from './delete-alert-dialog';
import { DesktopNotifications } from './desktop-notifications';

/** `errorRule`: a new alert prefilled for every error of the site (the alarm inbox links here with ERROR_RULE_PARAM). */
type Dialog = { kind: 'form'; alert?: Alert; errorRule?: boolean } | { kind: 'delete'; alert: Alert };

/** The alerts of the current site for one product: list, add, edit, delete, desktop notifications. */
export function AlertsScreen({ product }: { product: AlertProduct }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const alerts = useAlerts(product, siteId);
  const options = useAlertSelectOptions(product, siteId);
  const sites = useOperatingSites();
  const siteName = sites.data?.find((site) => site.operatingSiteId === siteId)?.name ?? String(siteId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(() =>
    searchParams.get(ERROR_RULE_PARAM) === 'error' ? { kind: 'form', errorRule: true } : null,
  );
  const close = () => {
    setDialog(null);
    if (searchParams.has(ERROR_RULE_PARAM)) setSearchParams({}, { replace: true });
  };
  const groupNames = useMemo(
    () => new Map(options.groups.map((group) => [group.value, group.label])),
    [options.groups],
  );
  const battery = product === 'battery';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(battery ? 'alerts.title' : 'alerts.mdloadTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t(battery ? 'alerts.intro' : 'alerts.mdloadIntro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'form' })}>
          {t('alerts.add')}
        </Button>
      </Group>
      <DesktopNotifications />
      {alerts.isPending ? (
        <Loader aria-label={t('alerts.title')} />
      ) : alerts.isError ? (
        <Text c="red">{t('alerts.loadFailed')}</Text>
      ) : alerts.data.length === 0 ? (
        <Text c="dimmed">{t('alerts.empty')}</Text>
      ) : (
        <AlertTable
          product={product}
          alerts={alerts.data}
          groupNames={groupNames}
          onEdit={(alert) => setDialog({ kind: 'form', alert })}
          onDelete={(alert) => setDialog({ kind: 'delete', alert })}
        />
      )}
      {/* The error rule takes all the site's battery types: it opens once they are known. */}
      {dialog?.kind === 'form' && !(dialog.errorRule && options.types.length === 0) && (
        <AlertForm
          product={product}
          siteId={siteId}
          siteName={siteName}
          alert={dialog.alert}
          preset={
            dialog.errorRule ? errorRulePreset(t('alerts.errorRuleName', { site: siteName }), options.types) : undefined
          }
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAlertDialog product={product} siteId={siteId} alert={dialog.alert} onClose={close} />
      )}
    </Stack>
  );
}
