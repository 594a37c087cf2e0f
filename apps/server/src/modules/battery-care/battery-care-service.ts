import type { CareBattery, CareCounters, CareResponse } from '@cbm/contracts/battery-care';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import type { DayRange } from '../statistics/periods';
import { batteryCareRepository } from './battery-care-repository';
import { careCounters } from './care-counters';
import { DAY_MS, PARKING_MS } from './care-facts';
import { careHourRepository } from './care-hour-repository';
import { HOUR_MS } from './care-hours';
import { careReason, careScore } from './care-score';

/** The number of local days of the range (23- and 25-hour days count as one). */
export function daysOf(range: DayRange): number {
  const first = Date.parse(`${range.firstDate}T00:00:00Z`);
  return Math.round((Date.parse(`${range.lastDate}T00:00:00Z`) - first) / DAY_MS) + 1;
}

const add = (a: CareCounters, b: CareCounters): CareCounters => ({
  onlineMs: a.onlineMs + b.onlineMs,
  deepDischarges: a.deepDischarges + b.deepDischarges,
  hotMs: a.hotMs + b.hotMs,
  hotChargingMs: a.hotChargingMs + b.hotChargingMs,
  deepSleepRisks: a.deepSleepRisks + b.deepSleepRisks,
  opportunityCharges: a.opportunityCharges + b.opportunityCharges,
});

/**
 * Where the samples take over from the roll-ups: the hour of the battery's first sample (retention drops the oldest
 * months, so the samples kept run without a hole from there); the range's start if one lies before it.
 */
function seamOf(firstMs: number | undefined, range: DayRange): number {
  if (firstMs === undefined) return range.endMs;
  return Math.min(range.endMs, Math.max(range.startMs, Math.floor(firstMs / HOUR_MS) * HOUR_MS));
}

/**
 * The care counters, score and evidence of each battery over the range's whole local days: from its raw samples
 * from the hour of its first sample on, and from its care roll-ups before that hour (all of the
 * range where it has no samples there), decision 141.
 */
export async function careOfBatteries(
  db: Queryable,
  siteId: number,
  range: DayRange,
  batteries: readonly StatisticsBattery[],
): Promise<CareResponse> {
  const repository = batteryCareRepository(db);
  const rollups = careHourRepository(db);
  const days = daysOf(range);
  const rows: CareBattery[] = [];
  for (const battery of batteries) {
    const points = await repository.points(battery.serialNumber, siteId, range.startMs - PARKING_MS, range.endMs);
    const inRange = points.filter((point) => point.ts >= range.startMs && point.ts < range.endMs);
    const seam = seamOf(points[0]?.ts, range);
    const fromSamples = careCounters(points, seam, range.endMs);
    const fromRollups = await rollups.sums(battery.serialNumber, siteId, range.startMs, seam);
    const counters = add(fromSamples.counters, fromRollups.counters);
    const score = counters.onlineMs > 0 ? careScore(counters, days) : null;
    rows.push({
      ...battery,
      samples: inRange.length,
      rollupHours: fromRollups.hours,
      counters,
      evidence: fromSamples.evidence,
      careScore: score,
      reason: careReason(counters),
    });
  }
  rows.sort((a, b) => (a.careScore ?? 101) - (b.careScore ?? 101) || a.serialNumber.localeCompare(b.serialNumber));
  const { timeZone, firstDate, lastDate } = range;
  return { timeZone, firstDate, lastDate, days, batteries: rows };
}
