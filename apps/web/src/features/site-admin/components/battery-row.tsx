import type { ExpectedBattery } from '@cbm/contracts/admin';
import { Badge, Checkbox, Table } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

interface BatteryRowProps {
  battery: ExpectedBattery;
  siteName: string;
  selected: boolean;
  onToggle: (serials: string[], on: boolean) => void;
}

/** One battery of the assignment table; memoised, so ticking one box re-renders one row, not the fleet. */
export const BatteryRow = memo(function BatteryRow({ battery, siteName, selected, onToggle }: BatteryRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={t('siteAdmin.batteries.select', { serial: battery.batterySerialNumber })}
          checked={selected}
          onChange={(event) => onToggle([battery.batterySerialNumber], event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td ff="monospace">{battery.batterySerialNumber}</Table.Td>
      <Table.Td>{battery.batteryName}</Table.Td>
      <Table.Td>{battery.batteryType}</Table.Td>
      <Table.Td>{battery.groupName ?? t('siteAdmin.batteries.ungrouped')}</Table.Td>
      <Table.Td>
        {battery.assigned ? <Badge variant="light">{t('siteAdmin.batteries.thisSite')}</Badge> : siteName}
      </Table.Td>
    </Table.Tr>
  );
});
