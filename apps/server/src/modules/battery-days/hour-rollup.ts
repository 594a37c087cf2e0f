import { type BatteryCursor, type DayTotals, DEFAULT_MAX_GAP_MS, type RollupPoint, rollUpBattery } from './attribution';
import type { LocalDays } from './local-days';

const HOUR_MS = 3_600_000;

let lastHour = { date: '', start: Number.NaN, end: Number.NaN };

/**
 * UTC hours in the shape of local days: the roll-up logic of docs/decisions/006-rollups.md, split at
 * every full hour instead of at local midnight. `date` is the hour's start as an ISO instant.
 */
export const UTC_HOURS: LocalDays = {
  timeZone: 'UTC',
  dayAt(ms) {
    const start = Math.floor(ms / HOUR_MS) * HOUR_MS;
    // The roll-up asks for the same hour several times per interval; formatting the date was most of its time.
    if (start !== lastHour.start) lastHour = { date: new Date(start).toISOString(), start, end: start + HOUR_MS };
    return lastHour;
  },
};

/** One battery's hour rows for samples after its cursor (the same attribution as its day rows). */
export function hourTotals(
  serialNumber: string,
  cursor: BatteryCursor | undefined,
  points: readonly RollupPoint[],
  maxGapMs = DEFAULT_MAX_GAP_MS,
): DayTotals[] {
  return rollUpBattery(serialNumber, cursor, points, { maxGapMs, zoneOf: () => UTC_HOURS })?.days ?? [];
}
