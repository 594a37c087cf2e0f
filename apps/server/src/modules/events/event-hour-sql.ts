import type { EventQuery } from '@cbm/contracts/events';
import type { Bind } from './event-filter-sql';

/** The parts of a page statement that find its rows (`hits`, already the page) and count all matches. */
export interface HourCountedPage {
  ctes: string;
  totalCount: string;
}

/**
 * What the page is built from: `scope` is the device class and sites of a table alias, `from` and `to` are the
 * placeholders of the range.
 */
export interface HourPageContext {
  input: EventQuery;
  bind: Bind;
  scope: (alias: string) => string;
  from: string;
  to: string;
  tieBreak: string;
}

/**
 * A time-ordered page without attribute filters (docs/decisions/049-event-pages-by-hour-counts.md): the exact
 * counts per hour say how many rows come before each hour, so the page is read from the start of the hour that
 * holds row `offset` to the end of the hour holding its last row, skipping less than one hour's events.
 */
export function hourCountedPage({ input, bind, scope, from, to, tieBreak }: HourPageContext): HourCountedPage {
  const direction = input.orderByDescending ? 'DESC' : 'ASC';
  const offset = bind(input.offset);
  // The range's own bounds beside the computed ones let the planner leave out the months outside it.
  const events = `${scope('e')} AND e.ts >= ${from}::timestamptz AND e.ts < ${to}::timestamptz`;
  // The whole UTC hours inside the range come from the hour counts (migration 031), the partial hours at its
  // ends are counted from the events themselves (at most an hour each); in SQL, exact to the microsecond.
  const ctes = `bounds AS (
  SELECT f, t, event_hour(t) AS end_hour,
         least(CASE WHEN event_hour(f) = f THEN f ELSE event_hour(f) + interval '1 hour' END, t) AS first_hour
    FROM (SELECT ${from}::timestamptz AS f, ${to}::timestamptz AS t) AS r
),
buckets AS (
  SELECT c.hour AS lo, c.hour + interval '1 hour' AS hi, sum(c.events)::int AS n FROM event_count_hour c
   WHERE ${scope('c')} AND c.hour >= (SELECT first_hour FROM bounds) AND c.hour < (SELECT end_hour FROM bounds)
   GROUP BY c.hour
  UNION ALL
  SELECT p.lo, p.hi, (SELECT count(*)::int FROM device_event e WHERE ${events} AND e.ts >= p.lo AND e.ts < p.hi) AS n
    FROM bounds, LATERAL (VALUES (f, first_hour), (greatest(end_hour, first_hour), t)) AS p (lo, hi) WHERE p.lo < p.hi
),
placed AS (
  SELECT lo, hi, n, sum(n) OVER (ORDER BY lo ${direction} ROWS UNBOUNDED PRECEDING) - n AS before
    FROM buckets WHERE n > 0
),
span AS (
  SELECT min(lo) AS lo, max(hi) AS hi, min(before) AS before FROM placed
   WHERE before + n > ${offset} AND before < ${offset} + ${bind(input.max)}
),
hits AS MATERIALIZED (
  SELECT e.ts, e.serial_number, e.seq FROM device_event e
   WHERE ${events} AND e.ts >= (SELECT lo FROM span) AND e.ts < (SELECT hi FROM span)
   ORDER BY ${tieBreak}
  OFFSET (SELECT ${offset} - before FROM span) LIMIT ${bind(input.max)}
)`;
  return { ctes, totalCount: 'SELECT coalesce(sum(n), 0)::int AS total_count FROM buckets' };
}
