import { HEALTH_STATES, healthState, isLowSoc, serviceState } from '@cbm/contracts/fleet-health';
import type { LiveViewBattery } from '@cbm/contracts/live-view';

/** The live view's filter chips (decision 039), counted by the rules of the overview's figures. */
export const TRIAGE_FILTERS = ['errorNow', 'errorWithin24h', 'offline', 'lowSoc', 'service'] as const;
export type TriageFilter = (typeof TRIAGE_FILTERS)[number];
export const TRIAGE_SORTS = ['name', 'soc', 'state', 'lastData'] as const;
export type TriageSort = (typeof TRIAGE_SORTS)[number];

/** Whether the battery shows under the chip; `today` is YYYY-MM-DD in the site's calendar. */
export function matchesTriage(battery: LiveViewBattery, filter: TriageFilter, today: string): boolean {
  switch (filter) {
    case 'errorNow':
      return healthState(battery) === 'error';
    case 'errorWithin24h':
      return battery.errorWithin24h;
    case 'offline':
      return healthState(battery) === 'offline';
    case 'lowSoc':
      return isLowSoc(battery);
    case 'service':
      return serviceState(battery.nextServiceDate, today) !== null;
  }
}

export function triageCounts(batteries: readonly LiveViewBattery[], today: string): Record<TriageFilter, number> {
  const counts = Object.fromEntries(TRIAGE_FILTERS.map((filter) => [filter, 0])) as Record<TriageFilter, number>;
  for (const battery of batteries) {
    for (const filter of TRIAGE_FILTERS) if (matchesTriage(battery, filter, today)) counts[filter] += 1;
  }
  return counts;
}

const byName = (a: LiveViewBattery, b: LiveViewBattery) =>
  a.batteryName.localeCompare(b.batteryName) || a.batterySerialNumber.localeCompare(b.batterySerialNumber);

/** Worst first: error, offline, then the active states. */
const stateRank = (battery: LiveViewBattery) => {
  const state = healthState(battery);
  return state === 'error' ? 0 : state === 'offline' ? 1 : 2 + HEALTH_STATES.indexOf(state);
};

/** Missing values go last whichever the order. */
const compareNullable = (a: number | null, b: number | null, ascending: boolean) => {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return ascending ? a - b : b - a;
};

const ORDERS: Record<TriageSort, (a: LiveViewBattery, b: LiveViewBattery) => number> = {
  name: () => 0,
  soc: (a, b) => compareNullable(a.soc, b.soc, true),
  state: (a, b) => stateRank(a) - stateRank(b),
  lastData: (a, b) =>
    compareNullable(
      a.lastDataTimestamp ? Date.parse(a.lastDataTimestamp) : null,
      b.lastDataTimestamp ? Date.parse(b.lastDataTimestamp) : null,
      true,
    ),
};

/**
 * The batteries under the chosen chip (all without one) in the chosen order: name; SoC lowest first; state worst
 * first; last data oldest first (what needs a look first), then by name.
 */
export function triage(
  batteries: readonly LiveViewBattery[],
  filter: TriageFilter | null,
  sort: TriageSort,
  today: string,
): LiveViewBattery[] {
  const shown = filter ? batteries.filter((battery) => matchesTriage(battery, filter, today)) : [...batteries];
  if (sort === 'name') return shown;
  return shown.sort((a, b) => ORDERS[sort](a, b) || byName(a, b));
}
