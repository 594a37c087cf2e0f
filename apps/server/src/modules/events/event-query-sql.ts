import { createHash } from 'node:crypto';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import {
  DEFAULT_ORDER_BY,
  defaultColumnsOf,
  EVENT_COUNT_LOOKAHEAD_PAGES,
  type EventProduct,
  type EventQuery,
} from '@cbm/contracts/events';
import { HttpError } from '../../http-error';
import { type Bind, filterConditions, isCalendarDate, unknownColumn } from './event-filter-sql';
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
  /** The statement reads at most this many rows after the anchor; reading all of them means there are more. */
  readLimit: number;
}

const KEY_TS = `to_char(e.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CASTS = { number: 'float8', text: 'text', enum: 'text', date: 'date', timestamp: 'timestamptz' } as const;

export const invertedTimeRange = () => new HttpError(400, 'events.invertedRange', 'errors.eventTimeRangeInverted');

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

/**
 * The filter → SQL translator (docs/decisions/012-event-queries.md): names are checked against the known
 * attributes, every value is a parameter. Rows are ordered by the chosen column, then time, serial and
 * sequence number, so the order is total and a page can continue after a row (keyset) instead of skipping
 * `offset` rows. One statement answers the page and the count of rows up to the look-ahead.
 */
export function compileEventQuery(product: EventProduct, input: EventQuery, language: UiLanguage): CompiledEventQuery {
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
  const where = [
    `e.device_class = ${bind(product)}`,
    sites.length === 1
      ? `e.operating_site_id = ${bind(sites[0])}::int`
      : `e.operating_site_id = ANY(${bind(sites)}::int[])`,
    `e.ts >= ${bind(input.from)}::timestamptz`,
    `e.ts < ${bind(input.to)}::timestamptz`,
  ];
  let filterNeedsBattery = sortColumn?.needsBattery ?? false;
  for (const filter of input.filter.attributeFilters) {
    const compiled = filterConditions(product, filter, bind, language);
    where.push(...compiled.conditions);
    filterNeedsBattery ||= compiled.needsBattery;
  }

  const signature = signatureOf(product, input, language);
  const token = input.seek ? decodeSeekToken(input.seek) : undefined;
  const anchor = token && token.q === signature && token.o <= input.offset ? token : undefined;
  const direction = input.orderByDescending ? 'DESC' : 'ASC';
  const after = input.orderByDescending ? '<' : '>';
  if (anchor) {
    checkSortKey(sortColumn, anchor.k);
    const [sortKey, ts, serial, seq] = anchor.k;
    const tuple = `(e.ts, e.serial_number, e.seq) ${after} (${bind(ts)}::timestamptz, ${bind(serial)}::text, ${bind(seq)}::bigint)`;
    // The plain bound on ts lets any index on time serve the seek, also those without the tie-breakers.
    if (!sortColumn) where.push(tuple, `e.ts ${after}= ${bind(ts)}::timestamptz`);
    else if (sortKey === null) where.push(`(${sortColumn.expression} IS NULL AND ${tuple})`);
    else {
      const value = `${bind(sortKey)}::${CASTS[sortColumn.attribute.kind]}`;
      const x = sortColumn.expression;
      where.push(`(${x} ${after} ${value} OR (${x} = ${value} AND ${tuple}) OR ${x} IS NULL)`);
    }
  }

  const anchorOffset = anchor?.o ?? 0;
  const skip = input.offset - anchorOffset;
  const readLimit = skip + input.max * (1 + EVENT_COUNT_LOOKAHEAD_PAGES);
  const tieBreak = `e.ts ${direction}, e.serial_number ${direction}, e.seq ${direction}`;
  const order = (sortValue: string) => (sortColumn ? `${sortValue} ${direction} NULLS LAST, ${tieBreak}` : tieBreak);
  const batteryJoin = 'LEFT JOIN battery b ON b.serial_number = e.serial_number';
  const outputNeedsBattery = columnList.some((column) => column.needsBattery);
  const sortSelect = sortColumn
    ? `, ${sortColumn.expression} AS sort_value, (${sortColumn.expression})::text AS sort_key`
    : '';

  // Only the keys are read up to the page (an index-only scan where the filter allows): the fields of the
  // page's rows are fetched for those rows alone, so a deep page skips index entries, not whole events.
  const sql = `WITH hits AS MATERIALIZED (
  SELECT e.ts, e.serial_number, e.seq${sortSelect}
    FROM device_event e ${filterNeedsBattery ? batteryJoin : ''}
   WHERE ${where.join('\n     AND ')}
   ORDER BY ${order(sortColumn?.expression ?? '')}
   LIMIT ${bind(readLimit + 1)}
)
SELECT c.total_count, p.* FROM (SELECT count(*)::int AS total_count FROM hits) c
LEFT JOIN LATERAL (
  SELECT ${sortColumn ? 'h.sort_key' : 'NULL::text'} AS key_sort, ${KEY_TS} AS key_ts, e.serial_number AS key_serial,
         e.seq::text AS key_seq, e.code AS key_code${columnList.map((column, i) => `,\n         ${outputExpression(column)} AS c${i}`).join('')}
    FROM (SELECT * FROM hits e ORDER BY ${order('e.sort_value')} OFFSET ${bind(skip)} LIMIT ${bind(input.max)}) h
    JOIN device_event e ON e.device_class = ${bind(product)} AND e.serial_number = h.serial_number
                       AND e.seq = h.seq AND e.ts = h.ts
    ${outputNeedsBattery ? batteryJoin : ''}
   ORDER BY ${order('h.sort_value')}
) p ON true`;
  return { sql, params, columns: columnList, signature, anchorOffset, readLimit };
}
