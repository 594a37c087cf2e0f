/**
 * PostgreSQL array literals for `unnest($1::numeric[], $2::text[], …)` batch parameters. The driver would
 * quote and escape every element with two regular expressions; numbers and booleans need neither.
 */
export function numberArray(values: readonly (number | null)[]): string {
  return `{${values.map((value) => value ?? 'NULL').join(',')}}`;
}

export function booleanArray(values: readonly (boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : value ? 't' : 'f')).join(',')}}`;
}

const escaped = (value: string) =>
  value.includes('"') || value.includes('\\') ? value.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : value;

/** Every element quoted, so that commas, braces, blanks and the word NULL stay text. */
export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${escaped(value)}"`)).join(',')}}`;
}

/** Instants as milliseconds since the epoch (`to_timestamp(ms / 1000)` in SQL): no date text to write or parse. */
export const epochMillisArray = (instants: readonly (Date | null)[]) =>
  numberArray(instants.map((instant) => instant?.getTime() ?? null));
