import type { ChargingStation } from '@cbm/contracts/mdload-live-view';
import { Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { StatusBadge } from './status-badge';

export const kilowatts = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString(currentLanguage(), { maximumFractionDigits: 1 })} kW`;

interface StationViewProps {
  stations: readonly ChargingStation[];
  menuOf(station: ChargingStation): ReactNode;
}

function ChargerCell({ station }: { station: ChargingStation }) {
  const { t } = useTranslation();
  if (!station.charger) {
    return (
      <Text size="sm" c="dimmed">
        {t('mdloadLiveView.station.noCharger')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{station.charger.name}</Text>
      <StatusBadge status={station.charger.status} />
    </Group>
  );
}

/** Stations as cards (grid view). */
export function StationGrid({ stations, menuOf }: StationViewProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {stations.map((station) => (
        <Paper key={station.id} component="article" aria-label={station.name} withBorder p="sm">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{station.name}</Text>
              <Group gap={4} wrap="nowrap">
                <StatusBadge status={station.state} />
                {menuOf(station)}
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {station.batteryModel ?? '—'} · {station.serialNumber}
            </Text>
            <Text size="sm">
              {t('mdloadLiveView.station.power')}: {kilowatts(station.powerKw)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{t('mdloadLiveView.station.charger')}:</Text>
              <ChargerCell station={station} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Stations as table rows (list view). */
export function StationTable({ stations, menuOf }: StationViewProps) {
  const { t } = useTranslation();
  const column = (key: string) => <Table.Th>{t(`mdloadLiveView.station.${key}`)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {column('name')}
            {column('batteryModel')}
            {column('serial')}
            {column('state')}
            {column('power')}
            {column('charger')}
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <Table.Tr key={station.id} aria-label={station.name}>
              <Table.Td>{station.name}</Table.Td>
              <Table.Td>{station.batteryModel ?? '—'}</Table.Td>
              <Table.Td>{station.serialNumber}</Table.Td>
              <Table.Td>
                <StatusBadge status={station.state} />
              </Table.Td>
              <Table.Td>{kilowatts(station.powerKw)}</Table.Td>
              <Table.Td>
                <ChargerCell station={station} />
              </Table.Td>
              <Table.Td>{menuOf(station)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
