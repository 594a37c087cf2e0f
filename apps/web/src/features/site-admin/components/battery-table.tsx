import type { ExpectedBattery } from '@cbm/contracts/admin';
import { Box, Checkbox, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryRow } from './battery-row';

const ROW_HEIGHT = 37;
const HEIGHT = 420;

interface BatteryTableProps {
  batteries: readonly ExpectedBattery[];
  selected: ReadonlySet<string>;
  siteName: (siteId: number) => string;
  onToggle: (serials: string[], on: boolean) => void;
}

/** The batteries to choose from; only the rows in view are rendered, so fleets of thousands stay quick. */
export function BatteryTable({ batteries, selected, siteName, onToggle }: BatteryTableProps) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: batteries.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  const selectedShown = batteries.filter((battery) => selected.has(battery.batterySerialNumber)).length;

  return (
    <Box ref={viewport} h={HEIGHT} style={{ overflow: 'auto' }}>
      <Table stickyHeader highlightOnHover aria-label={t('siteAdmin.batteries.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('siteAdmin.batteries.selectAll')}
                checked={batteries.length > 0 && selectedShown === batteries.length}
                indeterminate={selectedShown > 0 && selectedShown < batteries.length}
                onChange={(event) =>
                  onToggle(
                    batteries.map((battery) => battery.batterySerialNumber),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            <Table.Th>{t('siteAdmin.batteries.columns.serial')}</Table.Th>
            <Table.Th>{t('siteAdmin.batteries.columns.name')}</Table.Th>
            <Table.Th>{t('siteAdmin.batteries.columns.type')}</Table.Th>
            <Table.Th>{t('siteAdmin.batteries.columns.group')}</Table.Th>
            <Table.Th>{t('siteAdmin.batteries.columns.site')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {rows.map((row) => {
            const battery = batteries[row.index] as ExpectedBattery;
            return (
              <BatteryRow
                key={battery.batterySerialNumber}
                battery={battery}
                siteName={siteName(battery.operatingSiteId)}
                selected={selected.has(battery.batterySerialNumber)}
                onToggle={onToggle}
              />
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Tbody>
      </Table>
      {batteries.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('common.nothingFound')}
        </Text>
      )}
    </Box>
  );
}
