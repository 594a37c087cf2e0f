import { createHash } from 'node:crypto';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import {
  DEFAULT_ORDER_BY,
  defaultColumnsOf,
  EVENT_COUNT_LOOKAHEAD_PAGES,
  EVENT_MAX_RANGE_DAYS,
  type EventProduct,
  type EventQuery,
} from '@cbm/contracts/events';
import { HttpError } from '../../http-error';
import { type Bind, filterConditions, isCalendarDate, unknownColumn } from './event-filter-sql';
import { hourCountedPage } from './event-hour-sql';
import { outputExpression, type SqlColumn, sqlColumnOf } from './event-sql-columns';
import { decodeSeekToken, invalidSeek, type SeekKey } from './seek-token';

export interface CompiledEventQuery {
  sql: string;
  params: unknown[];
  /** The columns answered, in order; row field `c<i>` holds column i. */
  columns: SqlColumn[];
  /** Identifies the query apart from paging: a seek token of another query is ignored. */
  signature: string;
  /** Offset of the first row the statement reads (the seek token's, or 0). */
  anchorOffset: number;
  /**
   * The statement reads at most this many rows after the anchor; reading all of them means there are more.
   * Infinite where the count is exact.
   */
  readLimit: number;
  /** Where the rows were read from when an hour anchor was used: its offset and boundary. */
  hourAnchor?: HourAnchor;
}

/**
 * Row `offset` of a time-ordered filtered list is the first one past `boundary` in reading order (before it
 * descending, from it ascending): known from the matching events per hour (filtered-hour-pages.ts).
 */
export interface HourAnchor {
  boundary: string;
  offset: number;
}

/** A page read for what it tells of each hour (filtered-hour-pages.ts): from `anchor` where one is known. */
export interface HourRead {
  anchor: HourAnchor | undefined;
}

const KEY_TS = `to_char(e.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const BATTERY_JOIN = 'LEFT JOIN battery b ON b.serial_number = e.serial_number';
const CASTS = { number: 'float8', text: 'text', enum: 'text', date: 'date', timestamp: 'timestamptz' } as const;

export const invertedTimeRange = () => new HttpError(400, 'events.invertedRange', 'errors.eventTimeRangeInverted');

/** Refuses, before any database work, a range longer than EVENT_MAX_RANGE_DAYS, naming the limit. */
export function checkEventRange(input: { from: string; to: string }): void {
  if (Date.parse(input.to) - Date.parse(input.from) > EVENT_MAX_RANGE_DAYS * 86_400_000) {
    throw new HttpError(400, 'request.invalid', 'errors.timeRangeTooLong', { days: EVENT_MAX_RANGE_DAYS });
  }
}

function signatureOf(product: EventProduct, input: EventQuery, language: UiLanguage): string {
  const identity = [
    product,
    language,
    new Date(input.from).toISOString(),
    new Date(input.to).toISOString(),
    input.orderBy,
    input.orderByDescending,
    input.filter.attributeFilters,
    [...input.operatingSiteIds].sort((a, b) => a - b),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url').slice(0, 22);
}

/** Checks a seek key's sort value against the sort column's kind before it is bound. */
function checkSortKey(column: SqlColumn | undefined, key: SeekKey) {
  const value = key[0];
  if (!column || value === null) return;
  const kind = column.attribute.kind;
  const valid =
    kind === 'number'
      ? /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value) && Number.isFinite(Number(value))
      : kind === 'date'
        ? isCalendarDate(value)
        : true;
  if (!valid) throw invalidSeek();
}

/** What finds the page's keys (`hits`) and counts the matches, and how the page is taken from `hits`. */
interface PageSource {
  ctes: string;
  totalCount: string;
  page: string;
  anchorOffset: number;
  readLimit: number;
  hourAnchor?: HourAnchor;
}

interface PageContext {
  hourRead: HourRead | undefined;
  product: EventProduct;
  input: EventQuery;
  language: UiLanguage;
  bind: Bind;
  sortColumn: SqlColumn | undefined;
  signature: string;
  scope: (alias: string) => string;
  /** Placeholders of the time range. */
  from: string;
  to: string;
  order: (sortValue: string) => string;
}

/** The attribute filters as conditions on `e` (AND), and whether they need the battery joined. */
export function attributeConditions(product: EventProduct, input: EventQuery, bind: Bind, language: UiLanguage) {
  const conditions: string[] = [];
  let needsBattery = false;
  for (const filter of input.filter.attributeFilters) {
    const compiled = filterConditions(product, filter, bind, language);
    conditions.push(...compiled.conditions);
    needsBattery ||= compiled.needsBattery;
  }
  return { conditions, needsBattery };
}

/** Rows read per UTC hour, as [hour in epoch ms, rows] pairs: what a time-ordered read learnt of each hour. */
const HOUR_HISTOGRAM = `(SELECT json_agg(json_build_array(extract(epoch FROM x.hour) * 1000, x.n))
    FROM (SELECT event_hour(h.ts) AS hour, count(*)::int AS n FROM hits h GROUP BY 1) AS x)`;

/** The rows after a seek key in the list's order. */
function seekConditions(key: SeekKey, sortColumn: SqlColumn | undefined, descending: boolean, bind: Bind): string[] {
  checkSortKey(sortColumn, key);
  const after = descending ? '<' : '>';
  const [sortKey, ts, serial, seq] = key;
  const tuple = `(e.ts, e.serial_number, e.seq) ${after} (${bind(ts)}::timestamptz, ${bind(serial)}::text, ${bind(seq)}::bigint)`;
  // The plain bound on ts lets any index on time serve the seek, also those without the tie-breakers.
  if (!sortColumn) return [tuple, `e.ts ${after}= ${bind(ts)}::timestamptz`];
  if (sortKey === null) return [`(${sortColumn.expression} IS NULL AND ${tuple})`];
  const value = `${bind(sortKey)}::${CASTS[sortColumn.attribute.kind]}`;
  const x = sortColumn.expression;
  return [`(${x} ${after} ${value} OR (${x} = ${value} AND ${tuple}) OR ${x} IS NULL)`];
}

/**
 * Keys read in order up to the page, from the row a seek token names, from an hour anchor, or from the first:
 * any sort and filter. Counts up to the look-ahead.
 */
function offsetPage(context: PageContext): PageSource {
  const { product, input, language, bind, sortColumn, signature, scope, from, to, order, hourRead } = context;
  const hourAnchor = sortColumn ? undefined : hourRead?.anchor;
  const filters = attributeConditions(product, input, bind, language);
  const where = [scope('e'), `e.ts >= ${from}::timestamptz`, `e.ts < ${to}::timestamptz`, ...filters.conditions];
  const filterNeedsBattery = (sortColumn?.needsBattery ?? false) || filters.needsBattery;

  const token = input.seek ? decodeSeekToken(input.seek) : undefined;
  const tokenAnchor = token && token.q === signature && token.o <= input.offset ? token : undefined;
  const fromHour = hourAnchor && hourAnchor.offset > (tokenAnchor?.o ?? -1) ? hourAnchor : undefined;
  const anchor = fromHour ? undefined : tokenAnchor;
  if (fromHour) {
    where.push(`e.ts ${input.orderByDescending ? '<' : '>='} ${bind(fromHour.boundary)}::timestamptz`);
  } else if (anchor) {
    where.push(...seekConditions(anchor.k, sortColumn, input.orderByDescending, bind));
  }

  const anchorOffset = anchor?.o ?? fromHour?.offset ?? 0;
  const skip = input.offset - anchorOffset;
  const readLimit = skip + input.max * (1 + EVENT_COUNT_LOOKAHEAD_PAGES);
  const sortSelect = sortColumn
    ? `, ${sortColumn.expression} AS sort_value, (${sortColumn.expression})::text AS sort_key`
    : '';
  const ctes = `hits AS MATERIALIZED (
  SELECT e.ts, e.serial_number, e.seq${sortSelect}
    FROM device_event e ${filterNeedsBattery ? BATTERY_JOIN : ''}
   WHERE ${where.join('\n     AND ')}
   ORDER BY ${order(sortColumn?.expression ?? '')}
   LIMIT ${bind(readLimit + 1)}
)`;
  return {
    ctes,
    totalCount: `SELECT count(*)::int AS total_count, ${hourRead && !sortColumn ? HOUR_HISTOGRAM : 'NULL::json'} AS hour_counts FROM hits`,
    page: `(SELECT * FROM hits e ORDER BY ${order('e.sort_value')} OFFSET ${bind(skip)} LIMIT ${bind(input.max)})`,
    anchorOffset,
    readLimit,
    hourAnchor: fromHour,
  };
}

/** Time order without attribute filters: from the hour counts (event-hour-sql.ts), any depth, an exact count. */
function hourCountedPageSource(context: PageContext): PageSource {
  const { input, bind, scope, from, to, order } = context;
  if (input.seek) decodeSeekToken(input.seek);
  const { ctes, totalCount } = hourCountedPage({ input, bind, scope, from, to, tieBreak: order('') });
  return {
    ctes,
    totalCount: `SELECT n.total_count, NULL::json AS hour_counts FROM (${totalCount}) AS n`,
    page: 'hits',
    anchorOffset: 0,
    readLimit: Number.POSITIVE_INFINITY,
  };
}

/**
 * The filter → SQL translator (docs/decisions/012-event-queries.md): names are checked against the known
 * attributes, every value is a parameter. Rows are ordered by the chosen column, then time, serial and
 * sequence number, so the order is total and a page can continue after a row (keyset) instead of skipping
 * `offset` rows. One statement answers the page and the count of matching rows (exact in time order without
 * attribute filters, else up to the look-ahead).
 */
export function compileEventQuery(
  product: EventProduct,
  input: EventQuery,
  language: UiLanguage,
  hourRead?: HourRead,
): CompiledEventQuery {
  if (Date.parse(input.from) > Date.parse(input.to)) throw invertedTimeRange();
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };

  const names = input.filter.columns?.length ? input.filter.columns : defaultColumnsOf(product);
  const columnList = [...new Set(names)].map((name) => {
    const column = sqlColumnOf(product, name);
    if (!column) throw unknownColumn(name);
    return column;
  });
  const sortColumn = input.orderBy === DEFAULT_ORDER_BY ? undefined : sqlColumnOf(product, input.orderBy);
  if (input.orderBy !== DEFAULT_ORDER_BY && !sortColumn) throw unknownColumn(input.orderBy);

  const sites = input.operatingSiteIds;
  const productParam = bind(product);
  const sitesParam = sites.length === 1 ? `${bind(sites[0])}::int` : `ANY(${bind(sites)}::int[])`;
  const direction = input.orderByDescending ? 'DESC' : 'ASC';
  const tieBreak = `e.ts ${direction}, e.serial_number ${direction}, e.seq ${direction}`;
  const context: PageContext = {
    hourRead,
    product,
    input,
    language,
    bind,
    sortColumn,
    signature: signatureOf(product, input, language),
    scope: (alias) => `${alias}.device_class = ${productParam} AND ${alias}.operating_site_id = ${sitesParam}`,
    from: bind(input.from),
    to: bind(input.to),
    order: (sortValue) => (sortColumn ? `${sortValue} ${direction} NULLS LAST, ${tieBreak}` : tieBreak),
  };
  const byHour = !sortColumn && input.filter.attributeFilters.length === 0;
  const source = byHour ? hourCountedPageSource(context) : offsetPage(context);

  // Only the keys are read up to the page (an index-only scan where the filter allows): the fields of the
  // page's rows are fetched for those rows alone, so a deep page skips index entries, not whole events. One look-up
  // per row (LATERAL … LIMIT 1), whatever the statistics: PGlite has no autovacuum, and partitions planned for one
  // row each had the page joined to every event by a nested loop (issue 47: 1.3-1.5 s on a fresh demo).
  const sql = `WITH ${source.ctes}
SELECT c.total_count, c.hour_counts, p.* FROM (${source.totalCount}) c
LEFT JOIN LATERAL (
  SELECT ${sortColumn ? 'h.sort_key' : 'NULL::text'} AS key_sort, ${KEY_TS} AS key_ts, e.serial_number AS key_serial,
         e.seq::text AS key_seq, e.code AS key_code${columnList.map((column, i) => `,\n         ${outputExpression(column)} AS c${i}`).join('')}
    FROM ${source.page} h
    CROSS JOIN LATERAL (
      SELECT * FROM device_event x
       WHERE x.device_class = ${productParam} AND x.serial_number = h.serial_number AND x.seq = h.seq AND x.ts = h.ts
         AND x.ts >= ${context.from}::timestamptz AND x.ts < ${context.to}::timestamptz
       LIMIT 1) e
    ${columnList.some((column) => column.needsBattery) ? BATTERY_JOIN : ''}
   ORDER BY ${context.order('h.sort_value')}
) p ON true`;
  const { anchorOffset, readLimit } = source;
  return {
    sql,
    params,
    columns: columnList,
    signature: context.signature,
    anchorOffset,
    readLimit,
    hourAnchor: source.hourAnchor,
  };
}
