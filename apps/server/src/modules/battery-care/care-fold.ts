import type { Queryable } from '../../db/database';
import { batteryCareRepository } from './battery-care-repository';
import { PARKING_MS } from './care-facts';
import { careHourRepository } from './care-hour-repository';
import { careHours } from './care-hours';

/**
 * Counts the care hours of [fromMs, toMs) (whole UTC hours) from the raw samples into the care roll-ups, for every
 * battery with samples there: before retention drops a month (decision 141). Repeating it rewrites the same rows.
 */
export async function foldCareHours(db: Queryable, fromMs: number, toMs: number): Promise<number> {
  const samples = batteryCareRepository(db);
  const rollups = careHourRepository(db);
  let hours = 0;
  for (const { serialNumber, operatingSiteId } of await samples.batteriesWithSamples(fromMs, toMs)) {
    const points = await samples.points(serialNumber, operatingSiteId, fromMs - PARKING_MS, toMs);
    const rows = careHours(serialNumber, operatingSiteId, points, fromMs, toMs);
    await rollups.put(rows);
    hours += rows.length;
  }
  return hours;
}
