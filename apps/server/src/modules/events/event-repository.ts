import type { UiLanguage } from '@cbm/contracts/date-formats';
import { deviceEventText } from '@cbm/contracts/device-texts';
import type { EventPage, EventProduct, EventQuery, EventValue } from '@cbm/contracts/events';
import type { Queryable } from '../../db/database';
import { type CompiledEventQuery, compileEventQuery } from './event-query-sql';
import { filteredHourPages, type HourPageLimits, type PageRead } from './filtered-hour-pages';
import { encodeSeekToken } from './seek-token';

interface EventPageRow extends PageRead {
  key_sort: string | null;
  key_ts: string | null;
  key_serial: string | null;
  key_seq: string | null;
  key_code: string | null;
  [column: `c${number}`]: EventValue;
}

/** The device's description and category of a known event code in the reader's language (decision 036). */
function inLanguage(values: Record<string, EventValue>, code: string, language: UiLanguage) {
  const own = {
    code,
    description: String(values.ErrorDescription ?? ''),
    category: String(values.ErrorCategory ?? ''),
  };
  const text = deviceEventText(language, own);
  if (text === own) return values;
  return {
    ...values,
    ...('ErrorDescription' in values && { ErrorDescription: text.description }),
    ...('ErrorCategory' in values && { ErrorCategory: text.category }),
  };
}

/**
 * Turns the statement's rows into the answer: values by column name (device texts in the language), the count
 * and the seek token.
 */
export function toEventPage(
  compiled: CompiledEventQuery,
  input: EventQuery,
  rows: EventPageRow[],
  language: UiLanguage,
): EventPage {
  const pageRows = rows.filter((row) => row.key_ts !== null);
  const counted = rows[0]?.total_count ?? 0;
  const events = pageRows.map((row) => {
    const values = Object.fromEntries(
      compiled.columns.map((column, i) => [column.attribute.name, row[`c${i}`] ?? null] as const),
    );
    return {
      id: `${row.key_serial}|${row.key_seq}|${row.key_ts}`,
      values: row.key_code === null ? values : inLanguage(values, row.key_code, language),
    };
  });
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
export function eventRepository(db: Queryable, hourPageLimits?: HourPageLimits) {
  const hourPages = filteredHourPages(db, hourPageLimits);
  return {
    async page(product: EventProduct, input: EventQuery, language: UiLanguage): Promise<EventPage> {
      const plan = await hourPages.plan(product, input, language);
      const compiled = compileEventQuery(product, input, language, plan);
      const rows = await db.query<EventPageRow>(compiled.sql, compiled.params);
      plan?.learn(compiled, rows[0]);
      return toEventPage(compiled, input, rows, language);
    },
  };
}
