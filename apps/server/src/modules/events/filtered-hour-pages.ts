import { createHash } from 'node:crypto';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import { DEFAULT_ORDER_BY, type EventProduct, type EventQuery } from '@cbm/contracts/events';
import type { Queryable } from '../../db/database';
import type { Bind } from './event-filter-sql';
import { attributeConditions, type CompiledEventQuery, type HourAnchor, type HourRead } from './event-query-sql';
import { sqlColumnOf } from './event-sql-columns';
import { anchorOf, type HourSpan, spansRead, spansToCount } from './hour-anchor';
import { hourTallyCache } from './hour-tally-cache';

const HOUR_MS = 3_600_000;

export interface HourPageLimits {
  /** Below this offset the page is read from the range's start: cheaper than asking for the hours first. */
  minOffset: number;
  /** Events a request counts in hours not yet known; past them the page is read from the last known hour. */
  countBudget: number;
}

const LIMITS: HourPageLimits = { minOffset: 1_000, countBudget: 2_000 };

/** What the page statement answered of the rows it read: how many per hour ([hour in epoch ms, rows]) and in all. */
export interface PageRead {
  hour_counts: [number, number][] | null;
  total_count: number;
}

interface Plan extends HourRead {
  learn(compiled: CompiledEventQuery, read: PageRead | undefined): void;
}

/** Filters that read the event row alone: a battery's fields change, an event's do not. */
function learnable(product: EventProduct, input: EventQuery): boolean {
  const filters = input.filter.attributeFilters;
  if (input.orderBy !== DEFAULT_ORDER_BY || filters.length === 0) return false;
  return filters.every((filter) => sqlColumnOf(product, filter.name)?.needsBattery === false);
}

function filterKey(product: EventProduct, input: EventQuery, language: UiLanguage): string {
  const sites = [...input.operatingSiteIds].sort((a, b) => a - b);
  const identity = JSON.stringify([product, language, sites, input.filter.attributeFilters]);
  return createHash('sha256').update(identity).digest('base64url');
}

/** The range's hours with events, in reading order, each with its event count (migration 031). */
async function spansOf(db: Queryable, product: EventProduct, input: EventQuery): Promise<HourSpan[]> {
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const rows = await db.query<{ hour: number; events: number }>(
    `SELECT extract(epoch FROM hour)::float8 * 1000 AS hour, sum(events)::int AS events FROM event_count_hour
      WHERE device_class = $1 AND operating_site_id = ANY($2::int[]) AND hour >= event_hour($3) AND hour < $4
      GROUP BY hour HAVING sum(events) > 0 ORDER BY hour`,
    [product, input.operatingSiteIds, input.from, input.to],
  );
  const spans = rows.map(({ hour, events }) => {
    const lo = Math.max(hour, from);
    const hi = Math.min(hour + HOUR_MS, to);
    return { hour, lo, hi, whole: lo === hour && hi === hour + HOUR_MS, events };
  });
  return input.orderByDescending ? spans.reverse() : spans;
}

/** Counts the matching events of each span in one statement: [span's lo, count]. */
async function countSpans(
  db: Queryable,
  product: EventProduct,
  input: EventQuery,
  language: UiLanguage,
  spans: readonly HourSpan[],
): Promise<Map<number, number>> {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const filters = attributeConditions(product, input, bind, language).conditions;
  const rows = await db.query<{ lo: number; n: number }>(
    `SELECT extract(epoch FROM s.lo)::float8 * 1000 AS lo,
            (SELECT count(*)::int FROM device_event e
              WHERE e.device_class = ${bind(product)} AND e.operating_site_id = ANY(${bind(input.operatingSiteIds)}::int[])
                AND e.ts >= ${bind(input.from)}::timestamptz AND e.ts < ${bind(input.to)}::timestamptz
                AND e.ts >= s.lo AND e.ts < s.hi${filters.map((condition) => `\n                AND ${condition}`).join('')}) AS n
       FROM unnest(${bind(spans.map((span) => new Date(span.lo)))}::timestamptz[],
                   ${bind(spans.map((span) => new Date(span.hi)))}::timestamptz[]) AS s (lo, hi)`,
    params,
  );
  return new Map(rows.map((row) => [row.lo, row.n]));
}

/**
 * Deep pages of a time-ordered list with attribute filters (docs/decisions/055-filtered-event-pages-by-hour.md):
 * the matching events per whole hour, learnt from earlier reads and checked against the hour's event count,
 * say which hour holds row `offset`, so the page is read from that hour instead of from the range's start.
 */
export function filteredHourPages(db: Queryable, limits = LIMITS) {
  const tallies = hourTallyCache();

  /** Learns the whole hours a read from span `from` went through, if it started there. */
  const learning = (key: string, input: EventQuery, spans: HourSpan[], from: number, anchor?: HourAnchor): Plan => ({
    anchor,
    learn(compiled, read) {
      const startedThere = compiled.hourAnchor === anchor && compiled.anchorOffset === (anchor?.offset ?? 0);
      if (!read?.hour_counts || !startedThere) return;
      const complete = read.total_count <= compiled.readLimit;
      const hours = new Map(read.hour_counts);
      tallies.learn(key, tallyPairs(spansRead(spans, from, hours, complete, input.orderByDescending)));
    },
  });

  return {
    /** Where to read the page from, or nothing where the page is read as before (no filter, near the start). */
    async plan(product: EventProduct, input: EventQuery, language: UiLanguage): Promise<Plan | undefined> {
      if (!learnable(product, input) || input.offset < limits.minOffset) return undefined;
      const key = filterKey(product, input, language);
      const known = tallies.of(key);
      const spans = (await spansOf(db, product, input)).map((span) => {
        const tally = span.whole ? known?.get(span.hour) : undefined;
        return tally?.events === span.events ? { ...span, matching: tally.matching } : span;
      });
      // Knowing nothing of the filter yet, reading from the start costs less than counting the hours first.
      const unknown = known ? spansToCount(spans, input.offset, limits.countBudget) : [];
      if (unknown.length > 0) {
        const counts = await countSpans(db, product, input, language, unknown);
        for (const span of unknown) span.matching = counts.get(span.lo) ?? 0;
        tallies.learn(key, tallyPairs(unknown));
      }
      const { index, before } = anchorOf(spans, input.offset);
      if (index === 0) return learning(key, input, spans, 0);
      const last = spans[index - 1] as HourSpan;
      const boundary = new Date(input.orderByDescending ? last.lo : last.hi).toISOString();
      return learning(key, input, spans, index, { boundary, offset: before });
    },
  };
}

/** The whole spans' tallies, keyed by hour. */
function tallyPairs(spans: readonly HourSpan[]) {
  return spans
    .filter((span) => span.whole && span.matching !== undefined)
    .map((span) => [span.hour, { events: span.events, matching: span.matching as number }] as const);
}
