import type { UiLanguage } from '@cbm/contracts/date-formats';

/** Numbers, money and dates of a report in its language and time zone (spec §9 date formats). */
export interface ReportFormat {
  number(value: number, digits?: number): string;
  /** Money in the currency; `maxDigits` lets a price per kWh keep its 4 decimals. */
  money(value: number, currency: string, maxDigits?: number): string;
  date(ms: number): string;
  dateTime(ms: number): string;
  /** A local date (YYYY-MM-DD) in the language's date format. */
  localDate(date: string): string;
}

const LOCALES: Record<UiLanguage, string> = { de: 'de-DE', en: 'en-US' };
// Intl separates currency and amount with no-break spaces; the PDF's standard font and pdftotext want plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export function reportFormat(language: UiLanguage, timeZone: string): ReportFormat {
  const locale = LOCALES[language];
  const numbers = new Map<number, Intl.NumberFormat>();
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const fields = (ms: number) => {
    const values = Object.fromEntries(parts.formatToParts(ms).map((part) => [part.type, part.value]));
    return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  };
  const dateOf = (year: string, month: string, day: string) =>
    language === 'de' ? `${day}.${month}.${year}` : `${month}-${day}-${year}`;

  return {
    number(value, digits = 2) {
      let format = numbers.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        numbers.set(digits, format);
      }
      return format.format(value);
    },
    money(value, currency, maxDigits) {
      const digits = maxDigits === undefined ? {} : { maximumFractionDigits: maxDigits };
      return plain(new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(value));
    },
    date(ms) {
      const { year, month, day } = fields(ms);
      return dateOf(year, month, day);
    },
    dateTime(ms) {
      const { year, month, day, hour, minute } = fields(ms);
      return `${dateOf(year, month, day)} ${hour}:${minute}`;
    },
    localDate(date) {
      const [year = '', month = '', day = ''] = date.split('-');
      return dateOf(year, month, day);
    },
  };
}
