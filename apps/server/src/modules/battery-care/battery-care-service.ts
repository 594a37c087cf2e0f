import type { CareBattery, CareResponse } from '@cbm/contracts/battery-care';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import type { DayRange } from '../statistics/periods';
import { batteryCareRepository } from './battery-care-repository';
import { careCounters, DAY_MS, PARKING_MS } from './care-counters';
import { careReason, careScore } from './care-score';

/** The number of local days of the range (23- and 25-hour days count as one). */
export function daysOf(range: DayRange): number {
  const first = Date.parse(`${range.firstDate}T00:00:00Z`);
  return Math.round((Date.parse(`${range.lastDate}T00:00:00Z`) - first) / DAY_MS) + 1;
}

/** The care counters, score and evidence of each battery over the range's whole local days. */
export async function careOfBatteries(
  db: Queryable,
  siteId: number,
  range: DayRange,
  batteries: readonly StatisticsBattery[],
): Promise<CareResponse> {
  const repository = batteryCareRepository(db);
  const days = daysOf(range);
  const rows: CareBattery[] = [];
  for (const battery of batteries) {
    const points = await repository.points(battery.serialNumber, siteId, range.startMs - PARKING_MS, range.endMs);
    const samples = points.filter((point) => point.ts >= range.startMs && point.ts < range.endMs).length;
    const { counters, evidence } = careCounters(points, range.startMs, range.endMs);
    const score = counters.onlineMs > 0 ? careScore(counters, days) : null;
    rows.push({ ...battery, samples, counters, evidence, careScore: score, reason: careReason(counters) });
  }
  rows.sort((a, b) => (a.careScore ?? 101) - (b.careScore ?? 101) || a.serialNumber.localeCompare(b.serialNumber));
  const { timeZone, firstDate, lastDate } = range;
  return { timeZone, firstDate, lastDate, days, batteries: rows };
}
