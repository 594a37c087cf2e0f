import type { CareCounters } from '@cbm/contracts/battery-care';
import { countFact, noCareCounters } from './care-counters';
import { type CareFact, type CarePoint, careFacts, factAt } from './care-facts';

export const HOUR_MS = 3_600_000;

/** One battery's care counters over one UTC hour at a site: a row of battery_care_hour. */
export interface CareHour {
  serialNumber: string;
  operatingSiteId: number;
  hourMs: number;
  counters: CareCounters;
}

const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** The hours a fact touches: an interval may cross an hour's end (it is at most 15 minutes long). */
const hoursOf = (fact: CareFact) =>
  fact.kind === 'online' ? [hourOf(fact.from), hourOf(fact.to - 1)] : [hourOf(factAt(fact))];

/**
 * The care counters of each UTC hour in [fromMs, toMs) that counts anything, from the battery's samples (as
 * careCounters reads them: from `fromMs - PARKING_MS` on, with the first at or after `toMs`). Counts over whole
 * hours add up to careCounters' count over the same span: each fact is counted in the hour it belongs to.
 */
export function careHours(
  serialNumber: string,
  operatingSiteId: number,
  points: readonly CarePoint[],
  fromMs: number,
  toMs: number,
): CareHour[] {
  const hours = new Map<number, CareHour>();
  for (const fact of careFacts(points)) {
    for (const hourMs of new Set(hoursOf(fact))) {
      if (hourMs < fromMs || hourMs >= toMs) continue;
      let hour = hours.get(hourMs);
      if (!hour) {
        hour = { serialNumber, operatingSiteId, hourMs, counters: noCareCounters() };
        hours.set(hourMs, hour);
      }
      countFact(hour.counters, fact, hourMs, hourMs + HOUR_MS);
    }
  }
  return [...hours.values()].sort((a, b) => a.hourMs - b.hourMs);
}
