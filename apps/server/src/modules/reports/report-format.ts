import type { UiLanguage } from '@cbm/contracts/date-formats';
import { formatLocalDate, formatZonedDate, formatZonedDateTime } from '../../shared/dates';

/** Numbers, money and dates of a report in its language and time zone (the business constants' date formats). */
export interface ReportFormat {
  number(value: number, digits?: number): string;
  /** An exact decimal (figure-decimals.ts, already rounded) with the language's separators. */
  decimal(text: string): string;
  /** How many decimals the currency's amounts have (2 for EUR, 0 for JPY). */
  currencyDigits(currency: string): number;
  /** Money in the currency; `maxDigits` lets a price per kWh keep its 4 decimals. */
  money(value: number | string, currency: string, maxDigits?: number): string;
  date(ms: number): string;
  dateTime(ms: number): string;
  /** An event's moment, to the second as every screen and mail writes it. */
  moment(ms: number): string;
  /** A local date (YYYY-MM-DD) in the language's date format. */
  localDate(date: string): string;
}

const LOCALES: Record<UiLanguage, string> = { de: 'de-DE', en: 'en-US' };
// Intl separates currency and amount with no-break spaces; the PDF's standard font and pdftotext want plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export function reportFormat(language: UiLanguage, timeZone: string): ReportFormat {
  const locale = LOCALES[language];
  const numbers = new Map<number, Intl.NumberFormat>();
  return {
    number(value, digits = 2) {
      let format = numbers.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        numbers.set(digits, format);
      }
      return format.format(value);
    },
    decimal(text) {
      const digits = text.split('.')[1]?.length ?? 0;
      // A string is formatted as the exact decimal it spells (ECMA-402 2023), not through a double.
      return this.number(text as unknown as number, digits);
    },
    currencyDigits(currency) {
      return (
        new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
      );
    },
    money(value, currency, maxDigits) {
      const digits = maxDigits === undefined ? {} : { maximumFractionDigits: maxDigits };
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits });
      return plain(format.format(value as number));
    },
    date: (ms) => formatZonedDate(ms, timeZone, language),
    dateTime: (ms) => formatZonedDateTime(ms, timeZone, language),
    moment: (ms) => formatZonedDateTime(ms, timeZone, language, { seconds: true }),
    localDate: (date) => formatLocalDate(date, language),
  };
}
