import type { Queryable } from '../../../db/database';

/**
 * The cross-view test's own recompute of every figure from raw battery_sample rows, in plain SQL, apart
 * from the product's code (docs/reports.md, "Figures"): each interval between consecutive samples
 * belongs to the earlier sample, is cut at the zone's local midnights, counts offline when longer than
 * 15 minutes; counter deltas (0 when a counter went down) spread in proportion to time, each piece the
 * difference of integer floors of the cumulative share; a charge session starts at a charging sample
 * that is the first, follows another state or follows a gap.
 */
export interface ReferenceDay {
  serial: string;
  date: string;
  chargedUkwh: number;
  dischargedUkwh: number;
  operatingMs: number;
  chargingMs: number;
  dischargingMs: number;
  standbyMs: number;
  idleMs: number;
  errorMs: number;
  offlineMs: number;
  lowSocMs: number;
}

export interface ReferenceSession {
  serial: string;
  ts: number;
  date: string;
  soc: number;
}

const STATE_MS = ['charging', 'discharging', 'standby', 'idle', 'error']
  .map((state) => `coalesce(sum(e1 - e0) FILTER (WHERE dur <= 900000 AND st = '${state}'), 0)::float8 AS "${state}Ms"`)
  .join(',\n    ');

const DAYS_SQL = `
  WITH s AS (
    SELECT serial_number AS serial, ts, state, soc,
           round(total_energy_charged_kwh::numeric * 1000000) AS c,
           round(total_energy_discharged_kwh::numeric * 1000000) AS d
      FROM battery_sample WHERE serial_number = ANY($1::text[])
  ), i AS (
    SELECT serial, lag(ts) OVER w AS a, ts AS b, lag(state) OVER w AS st, lag(soc) OVER w AS soc0,
           greatest(0, c - lag(c) OVER w) AS dc, greatest(0, d - lag(d) OVER w) AS dd
      FROM s WINDOW w AS (PARTITION BY serial ORDER BY ts)
  ), days AS (
    SELECT g::date AS day, (g::date::timestamp AT TIME ZONE $2) AS ds, ((g::date + 1)::timestamp AT TIME ZONE $2) AS de
      FROM unnest($3::date[]) g
  ), p AS (
    SELECT i.serial, days.day, i.st, i.soc0, i.dc, i.dd,
           round(extract(epoch FROM i.b - i.a) * 1000) AS dur,
           round(extract(epoch FROM greatest(i.a, days.ds) - i.a) * 1000) AS e0,
           round(extract(epoch FROM least(i.b, days.de) - i.a) * 1000) AS e1
      FROM i JOIN days ON i.a < days.de AND i.b > days.ds
  )
  SELECT serial, to_char(day, 'YYYY-MM-DD') AS date,
    sum(div(dc * e1, dur) - div(dc * e0, dur))::float8 AS "chargedUkwh",
    sum(div(dd * e1, dur) - div(dd * e0, dur))::float8 AS "dischargedUkwh",
    coalesce(sum(e1 - e0) FILTER (WHERE dur <= 900000), 0)::float8 AS "operatingMs",
    ${STATE_MS},
    coalesce(sum(e1 - e0) FILTER (WHERE dur > 900000), 0)::float8 AS "offlineMs",
    coalesce(sum(e1 - e0) FILTER (WHERE dur <= 900000 AND soc0 < 20), 0)::float8 AS "lowSocMs"
  FROM p GROUP BY serial, day`;

const SESSIONS_SQL = `
  SELECT serial_number AS serial, (extract(epoch FROM ts) * 1000)::float8 AS ts,
         to_char(ts AT TIME ZONE $2, 'YYYY-MM-DD') AS date, soc
    FROM (SELECT serial_number, ts, state, soc, lag(ts) OVER w AS pts, lag(state) OVER w AS pstate
            FROM battery_sample WHERE serial_number = ANY($1::text[])
          WINDOW w AS (PARTITION BY serial_number ORDER BY ts)) x
   WHERE state = 'charging' AND (pts IS NULL OR pstate <> 'charging' OR ts - pts > interval '15 minutes')`;

/** Day figures of the batteries in the zone for these local dates. */
export function referenceDays(db: Queryable, serials: string[], timeZone: string, dates: string[]) {
  return db.query<ReferenceDay>(DAYS_SQL, [serials, timeZone, dates]);
}

/** Charge sessions of the batteries, each with the local date of its start in the zone. */
export function referenceSessions(db: Queryable, serials: string[], timeZone: string) {
  return db.query<ReferenceSession>(SESSIONS_SQL, [serials, timeZone]);
}

/** Half up to `digits` decimals from an exact ratio of integers: the test's own rounding. */
export function rounded(numerator: bigint, denominator: bigint, digits: number): string {
  const scaled = (numerator * 10n ** BigInt(digits) * 2n + denominator) / (2n * denominator);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Start-SoC bucket counts: <20, <40, <60, <80, the rest. */
export function buckets(socs: number[]): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const soc of socs) {
    const bucket = Math.min(4, Math.floor(soc / 20));
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return counts;
}
