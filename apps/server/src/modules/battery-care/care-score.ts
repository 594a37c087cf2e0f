import {
  CARE_SCORE_DAYS,
  type CareCounters,
  type CareReason,
  CARE_SCORE_WEIGHTS as WEIGHT,
} from '@cbm/contracts/battery-care';

const HOUR_MS = 3_600_000;

/**
 * 100 minus the weighted events and hours per CARE_SCORE_DAYS of the period, rounded half up once and never
 * below 0 (docs/reports.md). In integers: points × hour-ms, so no binary fraction decides a rounding.
 */
export function careScore(counters: CareCounters, days: number): number {
  const pointMs = Object.values(pointsOf(counters)).reduce((sum, points) => sum + points, 0);
  const divisor = HOUR_MS * days;
  const penalty = Math.floor((2 * pointMs * CARE_SCORE_DAYS + divisor) / (2 * divisor));
  return Math.max(0, 100 - penalty);
}

/** Each weight's points, in point-ms. */
function pointsOf(counters: CareCounters): Record<CareReason, number> {
  return {
    deepDischarge: WEIGHT.deepDischarge * counters.deepDischarges * HOUR_MS,
    deepSleepRisk: WEIGHT.deepSleepRisk * counters.deepSleepRisks * HOUR_MS,
    hotHour: WEIGHT.hotHour * counters.hotMs,
    hotChargingHour: WEIGHT.hotChargingHour * counters.hotChargingMs,
  };
}

/** The weight that took the most points off (the first of equals in CARE_REASONS order); null when none did. */
export function careReason(counters: CareCounters): CareReason | null {
  let reason: CareReason | null = null;
  let most = 0;
  for (const [name, points] of Object.entries(pointsOf(counters)) as [CareReason, number][]) {
    if (points > most) [reason, most] = [name, points];
  }
  return reason;
}
