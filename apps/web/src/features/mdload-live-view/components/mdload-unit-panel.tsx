import type { ChargingStation, ChargingStationGroup, MdloadUnit } from '@cbm/contracts/mdload-live-view';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';
import { StationMenu } from './station-menu';
import { StationGrid, StationTable } from './station-views';
import { StatusBadge } from './status-badge';

interface MdloadUnitPanelProps {
  unit: MdloadUnit;
  layout: 'grid' | 'list';
  /** Where the unit's name leads (its page); none on that page itself. */
  pageLink?: string;
  onAssignCharger(station: ChargingStation): void;
  onMove(station: ChargingStation, group: ChargingStationGroup): void;
}

/** One charger-station unit: its live power against its limit, state and last data, then its groups of stations. */
export function MdloadUnitPanel({ unit, layout, pageLink, onAssignCharger, onMove }: MdloadUnitPanelProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const power = unit.powerKw ?? 0;
  const figure = (value: number) => value.toLocaleString(language, { maximumFractionDigits: 1 });
  const Stations = layout === 'grid' ? StationGrid : StationTable;
  return (
    <Paper component="section" aria-label={t('mdloadLiveView.unit.label', { name: unit.name })} withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h3">
              {pageLink ? (
                <Anchor component={Link} to={pageLink} inherit c="inherit" underline="always">
                  {unit.name}
                </Anchor>
              ) : (
                unit.name
              )}
            </Title>
            <StatusBadge status={unit.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('mdloadLiveView.unit.serial')}: {unit.mdLoadSerial}
          </Text>
        </Group>
        <Group gap="xl">
          <Stack gap={2} miw={220}>
            <Text size="sm">
              {t('mdloadLiveView.unit.power')}:{' '}
              {unit.powerKw === null
                ? '—'
                : t('mdloadLiveView.unit.powerOfMax', { power: figure(unit.powerKw), max: figure(unit.maxPowerKw) })}
            </Text>
            <Progress
              aria-label={t('mdloadLiveView.unit.power')}
              value={unit.maxPowerKw > 0 ? Math.min(100, (power / unit.maxPowerKw) * 100) : 0}
            />
          </Stack>
          <Text size="sm">
            {t('mdloadLiveView.unit.energy')}:{' '}
            {unit.totalEnergyKwh === null ? '—' : `${figure(unit.totalEnergyKwh)} kWh`}
          </Text>
          <Text size="sm">
            {t('mdloadLiveView.unit.lastData')}:{' '}
            {unit.lastDataTimestamp ? (
              <time dateTime={unit.lastDataTimestamp}>{formatDateTime(unit.lastDataTimestamp, language, zone)}</time>
            ) : (
              '—'
            )}
          </Text>
        </Group>
        {unit.chargingStationGroups.map((group) => (
          <Stack key={group.id} gap="xs" role="group" aria-label={group.name}>
            <Title order={3} size="h4">
              {group.name}
            </Title>
            {group.chargingStations.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('mdloadLiveView.unit.noStations')}
              </Text>
            ) : (
              <Stations
                stations={group.chargingStations}
                menuOf={(station) => (
                  <StationMenu
                    station={station}
                    groupId={group.id}
                    groups={unit.chargingStationGroups}
                    onAssignCharger={() => onAssignCharger(station)}
                    onMove={(target) => onMove(station, target)}
                  />
                )}
              />
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
