import type { UiLanguage } from '@cbm/contracts/date-formats';
import { CATALOGUED_CODES, codesWhoseText } from '@cbm/contracts/device-texts';
import type { AttributeFilter, EventProduct } from '@cbm/contracts/events';
import { HttpError } from '../../http-error';
import { type SqlColumn, sqlColumnOf } from './event-sql-columns';

/** Adds a value to the statement's parameters and answers its placeholder. */
export type Bind = (value: unknown) => string;

export const unknownColumn = (name: string) =>
  new HttpError(400, 'events.unknownAttribute', 'errors.eventAttributeUnknown', { name: name.slice(0, 64) });

const mismatch = (column: SqlColumn) =>
  new HttpError(400, 'events.invalidFilter', `errors.eventFilterKind.${column.attribute.kind}`, {
    name: column.attribute.name,
  });

const inverted = (name: string) => new HttpError(400, 'events.invertedRange', 'errors.eventFilterInverted', { name });

/** A calendar date that exists (2026-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getUTCFullYear() >= 1;
}

/** % and _ match themselves; the part may stand anywhere in the value. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Device texts the reader sees in the catalogue's words for a catalogued code (decision 036). */
const DEVICE_TEXTS: Record<string, 'description' | 'category'> = {
  ErrorDescription: 'description',
  ErrorCategory: 'category',
};

/** Contains the text as the reader sees it: a catalogued code's text in the language, else the device's. */
function textCondition(column: SqlColumn, text: string, bind: Bind, language: UiLanguage): string {
  const contains = `${column.expression} ILIKE ${bind(containsPattern(text))}`;
  const field = DEVICE_TEXTS[column.attribute.name];
  if (!field) return contains;
  const matching = bind(codesWhoseText(language, field, text));
  return `(CASE WHEN e.code = ANY(${bind(CATALOGUED_CODES)}::text[]) THEN e.code = ANY(${matching}::text[]) ELSE ${contains} END)`;
}

type Bound = AttributeFilter['min'];

function rangeConditions(column: SqlColumn, min: Bound, max: Bound, bind: Bind): string[] {
  const kind = column.attribute.kind;
  const valid = (value: Bound) =>
    value === undefined ||
    value === null ||
    (kind === 'number' ? typeof value === 'number' : typeof value === 'string' && isCalendarDate(value));
  if (!valid(min) || !valid(max)) throw mismatch(column);
  if (min !== undefined && min !== null && max !== undefined && max !== null && min > max) {
    throw inverted(column.attribute.name);
  }
  const cast = kind === 'number' ? 'float8' : 'date';
  const conditions: string[] = [];
  if (min !== undefined && min !== null) conditions.push(`${column.expression} >= ${bind(min)}::${cast}`);
  if (max !== undefined && max !== null) conditions.push(`${column.expression} <= ${bind(max)}::${cast}`);
  return conditions;
}

/**
 * One attribute filter as SQL conditions (AND). The name must be a known attribute of the product; the
 * SQL text comes from the fixed column table only, every value is a bound parameter.
 */
export function filterConditions(product: EventProduct, filter: AttributeFilter, bind: Bind, language: UiLanguage) {
  const column = sqlColumnOf(product, filter.name);
  if (!column) throw unknownColumn(filter.name);
  const { kind } = column.attribute;
  const given = {
    range: (filter.min ?? null) !== null || (filter.max ?? null) !== null,
    text: filter.text !== undefined,
    values: filter.values !== undefined,
  };
  const conditions: string[] = [];
  if (kind === 'timestamp') throw mismatch(column);
  if (kind === 'number' || kind === 'date') {
    if (given.text || given.values) throw mismatch(column);
    conditions.push(...rangeConditions(column, filter.min, filter.max, bind));
  } else if (kind === 'text') {
    if (given.range || given.values) throw mismatch(column);
    if (filter.text) conditions.push(textCondition(column, filter.text, bind, language));
  } else {
    if (given.range || given.text) throw mismatch(column);
    const allowed = column.attribute.values ?? [];
    const unknown = filter.values?.find((value) => !allowed.includes(value));
    if (unknown !== undefined) {
      throw new HttpError(400, 'events.invalidFilter', 'errors.eventFilterValue', {
        name: column.attribute.name,
        value: unknown.slice(0, 64),
        values: allowed.join(', '),
      });
    }
    // One value as plain equality: the planner can then read an index on it in time order.
    const values = [...new Set(filter.values ?? [])];
    if (values.length === 1) conditions.push(`${column.expression} = ${bind(values[0])}::text`);
    else if (values.length > 1) conditions.push(`${column.expression} = ANY(${bind(values)}::text[])`);
  }
  return { conditions, needsBattery: column.needsBattery && conditions.length > 0 };
}
