import { DATALOG_RETENTION_DAYS } from '@cbm/contracts/constants';
import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteId } from '../../sites';
import { useDatalogs } from '../api/get-datalogs';
import { DatalogRequestForm } from './datalog-request-form';
import { DatalogTable } from './datalog-table';

/** Datalog request (screens and routes expert/datalog): request from a battery, follow the state, download the zip. */
export default function DatalogPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const datalogs = useDatalogs(siteId);
  const list = datalogs.data?.datalogs ?? [];
  const waiting = list.some((datalog) => datalog.status === 'requested');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.datalog')}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('datalogs.intro', { days: DATALOG_RETENTION_DAYS })}
          </Text>
          <DatalogRequestForm siteId={siteId} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        {waiting && (
          <Group gap="xs" mb="sm" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('datalogs.refreshing')}</Text>
          </Group>
        )}
        {datalogs.isPending ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('datalogs.empty')}</Text>
        ) : (
          <DatalogTable siteId={siteId} datalogs={list} />
        )}
      </Paper>
    </Stack>
  );
}
