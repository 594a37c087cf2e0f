import type { EventPage, EventProduct, EventQuery, EventValue } from '@cbm/contracts/events';
import type { Queryable } from '../../db/database';
import { type CompiledEventQuery, compileEventQuery } from './event-query-sql';
import { encodeSeekToken } from './seek-token';

interface EventPageRow {
  total_count: number;
  key_sort: string | null;
  key_ts: string | null;
  key_serial: string | null;
  key_seq: string | null;
  [column: `c${number}`]: EventValue;
}

/** Turns the statement's rows into the answer: values by column name, the count and the seek token. */
export function toEventPage(compiled: CompiledEventQuery, input: EventQuery, rows: EventPageRow[]): EventPage {
  const pageRows = rows.filter((row) => row.key_ts !== null);
  const counted = rows[0]?.total_count ?? 0;
  const events = pageRows.map((row) => ({
    id: `${row.key_serial}|${row.key_seq}|${row.key_ts}`,
    values: Object.fromEntries(
      compiled.columns.map((column, i) => [column.attribute.name, row[`c${i}`] ?? null] as const),
    ),
  }));
  const last = pageRows.at(-1);
  const seek = last
    ? encodeSeekToken({
        q: compiled.signature,
        o: input.offset + pageRows.length,
        k: [last.key_sort, last.key_ts as string, last.key_serial as string, last.key_seq as string],
      })
    : null;
  return {
    events,
    totalCount: compiled.anchorOffset + Math.min(counted, compiled.readLimit),
    totalCountIsLowerBound: counted > compiled.readLimit,
    seek,
  };
}

/** Reads event pages of one product (device_event, battery fields joined where a column needs them). */
export function eventRepository(db: Queryable) {
  return {
    async page(product: EventProduct, input: EventQuery): Promise<EventPage> {
      const compiled = compileEventQuery(product, input);
      const rows = await db.query<EventPageRow>(compiled.sql, compiled.params);
      return toEventPage(compiled, input, rows);
    },
  };
}
