import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { Badge, Group, Loader, Pagination, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pinnedProps, SortableHeader } from '../../../components/table/sortable-header';
import { notifications } from '../../../lib/notifications/notification-store';
import { useUser } from '../../session';
import { useClockZone, useSiteId } from '../../sites';
import { useEnableRemote } from '../api/enable-remote';
import { useBatteryList } from '../api/get-battery-list';
import { useExpectedVersions } from '../api/get-expected-versions';
import {
  DEFAULT_SORT,
  expectedByType,
  nextSort,
  outdatedOf,
  PAGE_SIZE,
  PINNED_COLUMNS,
  pageOf,
  type Sort,
  sortBatteries,
  TABLE_COLUMNS,
} from '../battery-list-model';
import { BatteryDetails } from './battery-details';
import { BatteryRow } from './battery-row';
import { UpdateDialog } from './update-dialog';

/**
 * Expert battery list (screens and routes expert/battery_list, cbm_view): every battery field, sortable, expandable.
 */
export default function BatteryListPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const list = useBatteryList([siteId]);
  const expectedVersions = useExpectedVersions(siteId);
  const user = useUser();
  const timeZone = useClockZone();
  const enableRemote = useEnableRemote(siteId);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [remoteUntil, setRemoteUntil] = useState<Record<string, string>>({});
  const [updating, setUpdating] = useState<BatteryListItem | null>(null);
  const { ref: tableBoxRef, width: tableBoxWidth } = useElementSize();

  const canUpdate = user.data?.authorizedFeatures.includes('cbm_update') ?? false;
  const expected = expectedByType(expectedVersions.data);
  const batteries = sortBatteries(list.data?.batteries ?? [], sort);
  const pages = Math.max(1, Math.ceil(batteries.length / PAGE_SIZE));
  const success = (message: string) => notifications.add({ type: 'success', title: t('menu.batteryList'), message });

  const toggle = (serial: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(serial)) next.add(serial);
      return next;
    });
  const copySerial = async (serial: string) => {
    await navigator.clipboard.writeText(serial);
    success(t('batteryList.serialCopied'));
  };
  const remote = (serial: string) =>
    enableRemote.mutate(serial, {
      onSuccess: ({ until }) => setRemoteUntil((current) => ({ ...current, [serial]: until })),
    });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.batteryList')}
      </Title>
      <Paper withBorder p="md">
        {list.isPending ? (
          <Loader size="sm" />
        ) : (
          <Stack gap="sm">
            <Group gap="md" justify="space-between">
              <Text size="sm" c="dimmed">
                {t('batteryList.count', { count: batteries.length })}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Badge color="orange" variant="filled" aria-hidden>
                  1.0
                </Badge>
                <Text size="sm">{t('batteryList.outdatedLegend')}</Text>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={PINNED_COLUMNS.minTableWidth} ref={tableBoxRef}>
              <Table stickyHeader highlightOnHover aria-label={t('menu.batteryList')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={PINNED_COLUMNS.toggleWidth} {...pinnedProps(0)}>
                      <VisuallyHidden>{t('batteryList.detailsColumn')}</VisuallyHidden>
                    </Table.Th>
                    {TABLE_COLUMNS.map((column) => (
                      <SortableHeader
                        key={column}
                        pinnedAt={column === 'batterySerialNumber' ? PINNED_COLUMNS.toggleWidth : undefined}
                        label={t('batteryList.sortBy', { column: t(`batteryList.columns.${column}`) })}
                        sorted={sort.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined}
                        onSort={() => setSort((current) => nextSort(current, column))}
                      >
                        {t(`batteryList.columns.${column}`)}
                      </SortableHeader>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pageOf(batteries, Math.min(page, pages)).map((battery) => (
                    <BatteryRow
                      key={battery.batterySerialNumber}
                      battery={battery}
                      timeZone={timeZone}
                      outdated={outdatedOf(battery, expected)}
                      expected={expected.get(battery.type)}
                      expanded={expanded.has(battery.batterySerialNumber)}
                      canUpdate={canUpdate}
                      onToggle={() => toggle(battery.batterySerialNumber)}
                      details={
                        <BatteryDetails
                          battery={battery}
                          siteId={siteId}
                          width={tableBoxWidth}
                          canUpdate={canUpdate}
                          remoteUntil={remoteUntil[battery.batterySerialNumber]}
                          enablingRemote={
                            enableRemote.isPending && enableRemote.variables === battery.batterySerialNumber
                          }
                          onCopySerial={() => void copySerial(battery.batterySerialNumber)}
                          onEnableRemote={() => remote(battery.batterySerialNumber)}
                          onOpenUpdate={() => setUpdating(battery)}
                        />
                      }
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {batteries.length === 0 && <Text>{t('batteryList.nothingFound')}</Text>}
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
              </Group>
            )}
          </Stack>
        )}
      </Paper>
      {updating && <UpdateDialog siteId={siteId} battery={updating} onClose={() => setUpdating(null)} />}
    </Stack>
  );
}
