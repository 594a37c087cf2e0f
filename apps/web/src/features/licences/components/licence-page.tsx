import type { DeviceLicence } from '@cbm/contracts/licences';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableHeader } from '../../../components/table/sortable-header';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useSiteId } from '../../sites';
import { useLicences } from '../api/get-licences';
import {
  type LicenceSort,
  type LicenceSortKey,
  type LicenceStatus,
  licenceStatus,
  visibleLicences,
} from '../licence-list';
import { LicenceDialog } from './licence-dialog';

const ROW_COLORS = { expired: 'var(--mantine-color-red-light)', expiring: 'var(--mantine-color-orange-light)' };
const BADGE_COLORS = { expired: 'red', expiring: 'orange', valid: 'green', unlimited: 'gray' } as const;
const COLUMNS: [LicenceSortKey, string][] = [
  ['displayId', 'licences.columns.displayId'],
  ['hardwareSerialNumber', 'licences.columns.hardwareSerialNumber'],
  ['battery', 'licences.columns.battery'],
  ['eoLDate', 'licences.columns.eoLDate'],
];

/**
 * Change Device Licences (screens and routes admin/license): searchable, sortable, expired and expiring ones
 * highlighted.
 */
export default function LicencePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const siteId = useSiteId();
  const licences = useLicences(siteId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LicenceSort>({ key: 'eoLDate', descending: false });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialogOpen, setDialogOpen] = useState(false);

  const today = dayjs().format('YYYY-MM-DD');
  const devices = licences.data ?? [];
  const shown = visibleLicences(devices, search, sort);
  const statusOf = (device: DeviceLicence) => licenceStatus(device.eoLDate, today);
  const count = (state: LicenceStatus['state']) => devices.filter((device) => statusOf(device).state === state).length;
  const shownSelected = shown.filter((device) => selected.has(device.displayId));
  const chosen = devices.filter((device) => selected.has(device.displayId));
  const sharedDate = new Set(chosen.map((device) => device.eoLDate)).size === 1 ? (chosen[0]?.eoLDate ?? '') : '';

  const toggle = (displayIds: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const displayId of displayIds) {
        if (on) next.add(displayId);
        else next.delete(displayId);
      }
      return next;
    });
  const sortBy = (key: LicenceSortKey) =>
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : false }));
  const badge = (status: LicenceStatus) => (
    <Badge color={BADGE_COLORS[status.state]} variant={status.state === 'valid' ? 'light' : 'filled'}>
      {t(`licences.state.${status.state}`, { count: Math.abs(status.days ?? 0) })}
    </Badge>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.license')}
      </Title>
      {(count('expired') > 0 || count('expiring') > 0) && (
        <Alert color="orange" title={t('licences.attention')}>
          {t('licences.summary', { expired: count('expired'), expiring: count('expiring') })}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('licences.search')}
            aria-label={t('licences.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={380}
          />
          <Button
            leftSection={<IconCalendarEvent size={16} />}
            disabled={selected.size === 0}
            onClick={() => setDialogOpen(true)}
          >
            {t('licences.change', { count: selected.size })}
          </Button>
        </Group>
        {licences.isPending ? (
          <Loader size="sm" />
        ) : (
          <ScrollArea h={520} type="auto">
            <Table stickyHeader aria-label={t('licences.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('licences.selectAll')}
                      checked={shown.length > 0 && shownSelected.length === shown.length}
                      indeterminate={shownSelected.length > 0 && shownSelected.length < shown.length}
                      onChange={(event) =>
                        toggle(
                          shown.map((device) => device.displayId),
                          event.currentTarget.checked,
                        )
                      }
                    />
                  </Table.Th>
                  {COLUMNS.map(([key, label]) => (
                    <SortableHeader
                      key={key}
                      sorted={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
                      onSort={() => sortBy(key)}
                    >
                      {t(label)}
                    </SortableHeader>
                  ))}
                  <Table.Th>{t('licences.columns.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((device) => {
                  const status = statusOf(device);
                  const background =
                    status.state in ROW_COLORS ? ROW_COLORS[status.state as keyof typeof ROW_COLORS] : undefined;
                  return (
                    <Table.Tr key={device.displayId} bg={background} data-state={status.state}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('licences.select', { displayId: device.displayId })}
                          checked={selected.has(device.displayId)}
                          onChange={(event) => toggle([device.displayId], event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td ff="monospace">{device.displayId}</Table.Td>
                      <Table.Td ff="monospace">{device.hardwareSerialNumber}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{device.batteryName ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          {device.batterySerialNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>{device.eoLDate ? formatDate(device.eoLDate, language) : '—'}</Table.Td>
                      <Table.Td>{badge(status)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {shown.length === 0 && (
              <Text c="dimmed" ta="center" py="md">
                {t('common.nothingFound')}
              </Text>
            )}
          </ScrollArea>
        )}
      </Paper>
      {dialogOpen && (
        <LicenceDialog
          siteId={siteId}
          displayIds={chosen.map((device) => device.displayId)}
          initialDate={sharedDate}
          opened
          onClose={() => setDialogOpen(false)}
          onStored={() => {
            setDialogOpen(false);
            setSelected(new Set());
          }}
        />
      )}
    </Stack>
  );
}
