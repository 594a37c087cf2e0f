import { HEALTH_STATES, type HealthFigures } from '@cbm/contracts/fleet-health';

const FIGURE_KEYS = [
  ...HEALTH_STATES,
  'batteries',
  'errorWithin24h',
  'lowSoc',
  'serviceDue',
  'serviceOverdue',
] as const;

/** The sums over the sites; licences over the sites where they are counted (null when none is). */
export function totalOf(sites: readonly HealthFigures[]): HealthFigures {
  const total = Object.fromEntries(FIGURE_KEYS.map((key) => [key, 0])) as Omit<HealthFigures, 'licencesExpiring'>;
  let licencesExpiring: number | null = null;
  for (const site of sites) {
    for (const key of FIGURE_KEYS) total[key] += site[key];
    if (site.licencesExpiring !== null) licencesExpiring = (licencesExpiring ?? 0) + site.licencesExpiring;
  }
  return { ...total, licencesExpiring };
}
