import { type HealthFigures, STATION_STATES, type StationFigures } from '@cbm/contracts/fleet-health';
import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { alarmInboxPath } from '../../../lib/page-paths';
import { figureListOf, figureListPath } from '../figure-paths';

interface Tile {
  key: string;
  value: number;
  note?: string;
  color?: string;
}

function tilesOf(total: HealthFigures, overdue: string): Tile[] {
  const tiles: Tile[] = [
    { key: 'batteries', value: total.batteries },
    { key: 'charging', value: total.charging },
    { key: 'discharging', value: total.discharging },
    { key: 'standby', value: total.standby },
    { key: 'offline', value: total.offline },
    { key: 'error', value: total.error, color: total.error > 0 ? 'red.8' : undefined },
    { key: 'errorWithin24h', value: total.errorWithin24h, color: total.errorWithin24h > 0 ? 'orange.9' : undefined },
    { key: 'lowSoc', value: total.lowSoc, color: total.lowSoc > 0 ? 'orange.9' : undefined },
    {
      key: 'service',
      value: total.serviceDue + total.serviceOverdue,
      note: `${overdue}: ${total.serviceOverdue}`,
    },
  ];
  if (total.licencesExpiring !== null) tiles.push({ key: 'licencesExpiring', value: total.licencesExpiring });
  if (total.activeAlarms !== null) {
    tiles.push({ key: 'activeAlarms', value: total.activeAlarms, color: total.activeAlarms > 0 ? 'red.8' : undefined });
  }
  return tiles;
}

/** The charger-station units' tiles, keyed `stations.*`. */
const stationTilesOf = (stations: StationFigures): Tile[] => [
  { key: 'stations.units', value: stations.units },
  ...STATION_STATES.map((state) => ({
    key: `stations.${state}`,
    value: stations[state],
    color: state === 'error' && stations.error > 0 ? 'red.8' : undefined,
  })),
];

/** Where a tile leads: the list of its batteries, the alarm inbox, or nowhere (licences, charger stations). */
function linkOf(key: string): string | undefined {
  const figure = figureListOf(key);
  if (figure) return figureListPath(figure);
  return key === 'activeAlarms' ? alarmInboxPath() : undefined;
}

function TileText({ tile }: { tile: Tile }) {
  const { t } = useTranslation();
  return (
    <>
      <Text fz={22} fw={700} c={tile.color}>
        {tile.value.toLocaleString(currentLanguage())}
      </Text>
      <Text size="xs">{t(`fleetHealth.figures.${tile.key}`)}</Text>
      {tile.note && (
        <Text size="xs" c="dimmed">
          {tile.note}
        </Text>
      )}
    </>
  );
}

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <SimpleGrid cols={{ base: 5, lg: 10 }} spacing="xs">
      {tiles.map((tile) => {
        const link = linkOf(tile.key);
        return link ? (
          <Paper key={tile.key} withBorder p="xs" data-figure={tile.key} component={Link} to={link}>
            <TileText tile={tile} />
          </Paper>
        ) : (
          <Paper key={tile.key} withBorder p="xs" data-figure={tile.key}>
            <TileText tile={tile} />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** The totals over the user's sites, one tile per figure; the charger-station units' below where counted. */
export function HealthTotals({ total }: { total: HealthFigures }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="fleet-health-totals">
      <Title order={2} fz="lg" mb="xs" id="fleet-health-totals">
        {t('fleetHealth.totals')}
      </Title>
      <Tiles tiles={tilesOf(total, t('fleetHealth.figures.serviceOverdue'))} />
      {total.stations && (
        <>
          <Title order={3} fz="md" my="xs">
            {t('fleetHealth.stationsHeading')}
          </Title>
          <Tiles tiles={stationTilesOf(total.stations)} />
        </>
      )}
    </section>
  );
}

/** The totals' place while they load: their heading and two rows of tiles (three on a phone). */
export function HealthTotalsSkeleton() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="fleet-health-totals" aria-busy>
      <Title order={2} fz="lg" mb="xs" id="fleet-health-totals">
        {t('fleetHealth.totals')}
      </Title>
      <Skeleton h={{ base: 250, lg: 170 }} />
    </section>
  );
}
