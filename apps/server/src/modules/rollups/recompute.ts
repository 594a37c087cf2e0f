import type { Database } from '../../db/database';
import { type DateRange, type RecomputeOptions, recomputeBattery } from '../battery-days/battery-days-service';

export interface RecomputeRange extends DateRange {
  serialNumbers: string[];
}

export interface RecomputeSummary {
  batteries: number;
  days: number;
  sessions: number;
}

/**
 * Redoes the roll-ups of the given batteries and dates from the raw samples, in each site's current
 * time zone (battery-days' recomputeBattery): one transaction per battery.
 */
export async function recomputeRollups(
  db: Database,
  range: RecomputeRange,
  options: RecomputeOptions = {},
): Promise<RecomputeSummary> {
  const summary: RecomputeSummary = { batteries: 0, days: 0, sessions: 0 };
  for (const serialNumber of range.serialNumbers) {
    const counts = await db.transaction((tx) => recomputeBattery(tx, serialNumber, range, options));
    summary.batteries += 1;
    summary.days += counts.days;
    summary.sessions += counts.sessions;
  }
  return summary;
}
