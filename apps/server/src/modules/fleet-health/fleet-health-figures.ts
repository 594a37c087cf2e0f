import { HEALTH_STATES, type HealthFigures, type StationFigures } from '@cbm/contracts/fleet-health';

const FIGURE_KEYS = [
  ...HEALTH_STATES,
  'batteries',
  'errorWithin24h',
  'lowSoc',
  'serviceDue',
  'serviceOverdue',
] as const;
type Counted = (typeof FIGURE_KEYS)[number];

/** The sum of the figures that are counted (not null); null where none is. */
const sumOf = (values: readonly (number | null)[]) =>
  values.reduce<number | null>((sum, value) => (value === null ? sum : (sum ?? 0) + value), null);

function stationTotal(sites: readonly HealthFigures[]): StationFigures | null {
  const counted = sites.flatMap((site) => (site.stations ? [site.stations] : []));
  if (counted.length === 0) return null;
  const total: StationFigures = { units: 0, charging: 0, standby: 0, offline: 0, error: 0 };
  for (const stations of counted)
    for (const key of Object.keys(total) as (keyof StationFigures)[]) total[key] += stations[key];
  return total;
}

/** The sums over the sites; licences, alarms and charger stations over the sites where they are counted. */
export function totalOf(sites: readonly HealthFigures[]): HealthFigures {
  const total = Object.fromEntries(FIGURE_KEYS.map((key) => [key, 0])) as Record<Counted, number>;
  for (const site of sites) for (const key of FIGURE_KEYS) total[key] += site[key];
  return {
    ...total,
    licencesExpiring: sumOf(sites.map((site) => site.licencesExpiring)),
    activeAlarms: sumOf(sites.map((site) => site.activeAlarms)),
    stations: stationTotal(sites),
  };
}
