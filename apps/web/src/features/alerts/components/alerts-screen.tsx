import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperatingSites } from '../../sites/api/get-site-tree';
import { useSiteId } from '../../sites/use-site-id';
import { useAlerts } from '../api/get-alerts';
import { useAlertSelectOptions } from '../hooks/use-alert-select-options';
import { AlertForm } from './alert-form';
import { AlertTable } from './alert-table';
import { DeleteAlertDialog } from './delete-alert-dialog';
import { DesktopNotifications } from './desktop-notifications';

type Dialog = { kind: 'form'; alert?: Alert } | { kind: 'delete'; alert: Alert };

/** The alerts of the current site for one product: list, add, edit, delete, desktop notifications. */
export function AlertsScreen({ product }: { product: AlertProduct }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const alerts = useAlerts(product, siteId);
  const options = useAlertSelectOptions(product, siteId);
  const sites = useOperatingSites();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const siteName = sites.data?.find((site) => site.operatingSiteId === siteId)?.name ?? String(siteId);
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
      {dialog?.kind === 'form' && (
        <AlertForm
          product={product}
          siteId={siteId}
          siteName={siteName}
          alert={dialog.alert}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAlertDialog product={product} siteId={siteId} alert={dialog.alert} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
