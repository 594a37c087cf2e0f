import { type DayTotals, DEFAULT_MAX_GAP_MS, emptyDay, type RollupPoint, rollUpBattery } from '../rollups/attribution';
import type { LocalDays } from '../rollups/local-days';
import { figuresOfDays, mergeDay, type ReportFigures } from './report-figures';
import type { DaySummary, EdgeInterval, SummaryDay } from './report-repository';

const DAY_MS = 86_400_000;

/**
 * The local days of [fromMs, toMs) as the roll-up logic sees them, each marked plain when it lasts
 * 24 hours: zones change their offset at most once a day, so a plain day has no clock change and every
 * instant in it carries its date. Undefined when the days do not line up one after the other (a zone
 * whose clock falls back across midnight); then the report streams the samples instead.
 */
export function summaryDays(zone: LocalDays, period: { fromMs: number; toMs: number }): SummaryDay[] | undefined {
  const days: SummaryDay[] = [];
  let day = zone.dayAt(period.fromMs);
  if (day.start > period.fromMs) return undefined;
  for (;;) {
    const before = days.at(-1);
    if (day.end <= day.start || (before && (day.start !== before.end || day.date <= before.date))) return undefined;
    days.push({ date: day.date, start: day.start, end: day.end, plain: day.end - day.start === DAY_MS });
    if (day.end >= period.toMs) return days;
    day = zone.dayAt(day.end);
  }
}

/**
 * The report figures from the day summaries of `daySummaries`: the sums of intervals inside plain days as
 * they are, edges through the roll-up logic of decision 006 one interval at a time, then the same
 * `figuresOfDays` as the accumulator. µkWh and ms are integers, so they add up exactly in any order and
 * the figures equal the accumulator's (report-summary.api.test.ts).
 */
export function figuresFromDaySummaries(
  serialNumber: string,
  zone: LocalDays,
  days: readonly SummaryDay[],
  summary: { days: readonly DaySummary[]; soh: number | null },
  pricePerKwh: number,
  period: { fromMs: number; toMs: number },
): ReportFigures {
  const totals = new Map<string, DayTotals>();
  const add = (delta: DayTotals) => totals.set(delta.date, mergeDay(totals.get(delta.date), delta));
  const options = { maxGapMs: DEFAULT_MAX_GAP_MS, zoneOf: () => zone };
  const startSocs: number[] = [];
  let samples = 0;
  for (const row of summary.days) {
    const day = days[row.k - 1];
    if (!day) throw new Error(`day ${row.k} of the report summary is outside the period`);
    samples += row.samples;
    startSocs.push(...(row.sessionSocs ?? []));
    add({
      ...emptyDay(serialNumber, 0, day.date, zone.timeZone),
      chargedUkwh: row.chargedUkwh ?? 0,
      dischargedUkwh: row.dischargedUkwh ?? 0,
      operatingMs: row.operatingMs,
      chargingMs: row.chargingMs,
      dischargingMs: row.dischargingMs,
      standbyMs: row.standbyMs,
      idleMs: row.idleMs,
      errorMs: row.errorMs,
      offlineMs: row.offlineMs,
      minSoc: row.minSoc,
      maxSoc: row.maxSoc,
    });
    for (const edge of row.edges ?? []) {
      const result = rollUpBattery(serialNumber, undefined, edgePoints(edge), options);
      // Sessions are counted from the samples (sessionSocs); only the interval's day totals are taken.
      for (const delta of result?.days ?? []) add({ ...delta, chargeSessions: 0 });
    }
  }
  return figuresOfDays({
    zone,
    days: totals,
    startSocs,
    samples,
    soh: summary.soh,
    fromMs: period.fromMs,
    toMs: period.toMs,
    pricePerKwh,
  });
}

/** The interval's two ends; only the first one's state and SoC and both times and counters count. */
function edgePoints(edge: EdgeInterval): RollupPoint[] {
  const [fromMs, toMs, state, soc, charged, discharged, toCharged, toDischarged] = edge;
  // The day's SoH is no report figure (the report shows the last sample's).
  const from = { siteId: 0, state, soc, soh: 0, chargerSerial: null };
  return [
    { ...from, ts: fromMs, chargedUkwh: charged, dischargedUkwh: discharged },
    { ...from, ts: toMs, chargedUkwh: toCharged, dischargedUkwh: toDischarged },
  ];
}
