import type { UiLanguage } from '@cbm/contracts/date-formats';

const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * What a person typed into a number field: undefined when empty, NaN when it is not a plain number.
 * A decimal comma counts like a point (German users type 0,1234); thousands separators do not.
 */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return PLAIN_NUMBER.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** A number for a text field, with the decimal separator of the UI language and no grouping. */
export function formatNumberText(value: number, language: UiLanguage): string {
  const text = String(value);
  return language === 'de' ? text.replace('.', ',') : text;
}
