import { HEALTH_STATES, healthState, isLowSoc, serviceStateOn } from '@cbm/contracts/fleet-health';
import type { LiveViewBattery } from '@cbm/contracts/live-view';

/** The live view's filter chips (decision 039), counted by the rules of the overview's figures. */
export const TRIAGE_FILTERS = ['errorNow', 'errorWithin24h', 'offline', 'lowSoc', 'service'] as const;
export type TriageFilter = (typeof TRIAGE_FILTERS)[number];
export const TRIAGE_SORTS = ['name', 'soc', 'state', 'lastData'] as const;
export type TriageSort = (typeof TRIAGE_SORTS)[number];

/** Whether a battery shows under a chip on the day `today` (YYYY-MM-DD in the site's calendar). */
export function triageMatcher(today: string): (battery: LiveViewBattery, filter: TriageFilter) => boolean {
  const serviceOn = serviceStateOn(today);
  return (battery, filter) => {
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
        return serviceOn(battery.nextServiceDate) !== null;
    }
  };
}

export function triageCounts(batteries: readonly LiveViewBattery[], today: string): Record<TriageFilter, number> {
  const counts = Object.fromEntries(TRIAGE_FILTERS.map((filter) => [filter, 0])) as Record<TriageFilter, number>;
  const matches = triageMatcher(today);
  for (const battery of batteries) {
    for (const filter of TRIAGE_FILTERS) if (matches(battery, filter)) counts[filter] += 1;
  }
  return counts;
}

/** The batteries under the chip (all without one), in their order. */
export function triage(
  batteries: readonly LiveViewBattery[],
  filter: TriageFilter | null,
  today: string,
): readonly LiveViewBattery[] {
  if (!filter) return batteries;
  const matches = triageMatcher(today);
  return batteries.filter((battery) => matches(battery, filter));
}

/** Worst first: error, offline, then the active states. */
const stateRank = (battery: LiveViewBattery) => {
  const state = healthState(battery);
  return state === 'error' ? 0 : state === 'offline' ? 1 : 2 + HEALTH_STATES.indexOf(state);
};

/** Each order's key, lowest first; missing values (null) go last. */
const SORT_KEYS: Record<Exclude<TriageSort, 'name'>, (battery: LiveViewBattery) => number | null> = {
  soc: (battery) => battery.soc,
  state: stateRank,
  lastData: (battery) => (battery.lastDataTimestamp ? Date.parse(battery.lastDataTimestamp) : null),
};

/**
 * The batteries in the chosen order: name (the server's order); SoC lowest first; state worst first; last data
 * oldest first (what needs a look first), then by name. Each key is worked out once, not per comparison.
 */
export function orderBatteries(batteries: readonly LiveViewBattery[], sort: TriageSort): readonly LiveViewBattery[] {
  if (sort === 'name') return batteries;
  const keyOf = SORT_KEYS[sort];
  const keyed = batteries.map((battery, position) => ({ battery, key: keyOf(battery), position }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null)
      return (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) || a.position - b.position;
    return a.key - b.key || a.position - b.position;
  });
  return keyed.map((entry) => entry.battery);
}
