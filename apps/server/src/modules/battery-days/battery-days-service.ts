import type { Queryable } from '../../db/database';
import { DEFAULT_MAX_GAP_MS, type RollupPoint, rollUpBattery } from './attribution';
import { hourRepository } from './hour-repository';
import { hourTotals } from './hour-rollup';
import { type LocalDays, localDays, nextDate } from './local-days';
import { rollupRepository } from './rollup-repository';

/**
 * A battery's raw samples by time, from the last non-charging sample before `fromMs` (or its first
 * sample) through the first non-charging sample at or after `toMs` (or its latest). Starting at a
 * non-charging sample means no charge session is open there, so a pass over this window yields
 * exactly what a pass over the whole history yields for every interval inside it.
 */
export type SampleWindowLoader = (
  db: Queryable,
  serialNumber: string,
  fromMs: number,
  toMs: number,
) => Promise<RollupPoint[]>;

export const loadSampleWindow: SampleWindowLoader = (db, serialNumber, fromMs, toMs) =>
  rollupRepository(db).sampleWindow(serialNumber, fromMs, toMs);

export interface RecomputeOptions {
  loadWindow?: SampleWindowLoader;
  maxGapMs?: number;
}

/** Local calendar dates, inclusive. */
export interface DateRange {
  fromDate: string;
  toDate: string;
}

// Every zone's local day lies within 15 h of the UTC day of the same date.
const ZONE_MARGIN_MS = 15 * 3_600_000;

/** A battery's charge sessions at a site overlapping the range, newest first, at most `limit`. */
export const chargeSessionsOf = (
  db: Queryable,
  siteId: number,
  serial: string,
  range: { from: Date; to: Date },
  limit: number,
) => rollupRepository(db).sessionsInRange(siteId, serial, range.from.getTime(), range.to.getTime(), limit);

export const batteriesOfSite = (db: Queryable, siteId: number) => rollupRepository(db).batteriesOfSite(siteId);

/**
 * Redoes one battery's roll-ups of the given dates from its raw samples, in each site's current time
 * zone: day and hour rows in the range and the sessions the loaded window covers are replaced. Run it in
 * a transaction: it holds the battery's cursor, so ingestion of that battery waits meanwhile.
 */
export async function recomputeBattery(
  tx: Queryable,
  serialNumber: string,
  range: DateRange,
  { loadWindow = loadSampleWindow, maxGapMs = DEFAULT_MAX_GAP_MS }: RecomputeOptions = {},
): Promise<{ days: number; sessions: number }> {
  const fromMs = Date.parse(`${range.fromDate}T00:00:00Z`) - ZONE_MARGIN_MS;
  const toMs = Date.parse(`${nextDate(range.toDate)}T00:00:00Z`) + ZONE_MARGIN_MS;
  const rollups = rollupRepository(tx);
  await rollups.lockCursors([serialNumber]);
  const points = await loadWindow(tx, serialNumber, fromMs, toMs);
  const zones = await rollups.siteTimeZones([...new Set(points.map((point) => point.siteId))]);
  const result = rollUpBattery(serialNumber, undefined, points, {
    maxGapMs,
    zoneOf: (siteId) => localDays(zones.get(siteId) ?? ''),
  });
  const days = (result?.days ?? []).filter((day) => day.date >= range.fromDate && day.date <= range.toDate);
  const sessions = result?.sessions ?? [];
  const dates = days.map((day) => day.date).sort();
  const [first, last] = [points[0], points.at(-1)];
  // Only what the raw samples cover is replaced: days without samples (the demo's history,
  // or past sample retention) keep their rows.
  if (first && last && dates[0]) {
    const covered = { fromDate: dates[0], toDate: dates.at(-1) ?? dates[0], fromMs: first.ts, toMs: last.ts };
    await rollups.replace(serialNumber, covered, days, sessions);
    const zone = localDays(zones.get(last.siteId) ?? '');
    const hours = { fromMs: dayStart(zone, covered.fromDate), toMs: dayStart(zone, nextDate(covered.toDate)) };
    const coveredHours = hourTotals(serialNumber, undefined, points, maxGapMs).filter(
      (hour) => Date.parse(hour.date) >= hours.fromMs && Date.parse(hour.date) < hours.toMs,
    );
    await hourRepository(tx).replace(serialNumber, hours, coveredHours);
  }
  return { days: days.length, sessions: sessions.length };
}

/** The instant a local date begins: UTC midnight of that date lies in it or in the day before. */
function dayStart(zone: LocalDays, date: string): number {
  const day = zone.dayAt(Date.parse(`${date}T00:00:00Z`));
  return day.date < date ? day.end : day.start;
}
