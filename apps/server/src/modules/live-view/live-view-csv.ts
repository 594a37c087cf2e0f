import { DATE_FORMATS } from '@cbm/contracts/date-formats';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { type Language, translate } from '../../i18n/messages';

/**
 * The live view as CSV that Excel opens correctly in either locale: UTF-8 with a byte-order mark (so
 * umlauts survive), CRLF line ends, and the list separator and decimal mark Excel expects for the
 * language: ';' and ',' for German, ',' and '.' for English. Times are in the site's time zone in the
 * date format of spec §9. Fields are quoted when they hold the separator, a quote or a line break, and
 * a leading =, +, - or @ in text is neutralised with a quote mark so that Excel never runs a formula.
 * (No CSV library is installed; this is the whole of RFC 4180 quoting.)
 */
export const CSV_DIALECTS = {
  de: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
} as const;

const COLUMNS = [
  'batteryName',
  'batterySerialNumber',
  'groupName',
  'type',
  'status',
  'soc',
  'soh',
  'stackVoltage',
  'minCellTemperature',
  'maxCellTemperature',
  'chargerName',
  'lastDataTimestamp',
  'nextServiceDate',
  'currentErrorCode',
] as const;

export const CSV_BOM = '\uFEFF';

export function dateTimeIn(timeZone: string, language: Language) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
    return DATE_FORMATS[language].dateTime
      .replace('DD', parts.day ?? '')
      .replace('MM', parts.month ?? '')
      .replace('YYYY', parts.year ?? '')
      .replace('HH', parts.hour ?? '')
      .replace('mm', parts.minute ?? '');
  };
}

function formatDate(date: string, language: Language) {
  const [year, month, day] = date.split('-');
  return DATE_FORMATS[language].date
    .replace('DD', day ?? '')
    .replace('MM', month ?? '')
    .replace('YYYY', year ?? '');
}

export function escapeCsvField(value: string, separator: string): string {
  const text = /^[=+\-@\t\r]/.test(value) && Number.isNaN(Number(value)) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function liveViewCsv(batteries: readonly LiveViewBattery[], language: Language, timeZone: string): string {
  const { separator, decimal } = CSV_DIALECTS[language];
  const dateTime = dateTimeIn(timeZone, language);
  const ungrouped = translate(language, 'liveViewCsv.ungrouped');
  const cell = (battery: LiveViewBattery, column: (typeof COLUMNS)[number]): string => {
    const value = battery[column];
    if (value === null) return column === 'groupName' ? ungrouped : '';
    if (typeof value === 'number') return String(value).replace('.', decimal);
    if (column === 'lastDataTimestamp') return dateTime(value);
    if (column === 'nextServiceDate') return formatDate(value, language);
    return value;
  };
  const header = COLUMNS.map((column) => translate(language, `liveViewCsv.${column}`));
  const lines = [header, ...batteries.map((battery) => COLUMNS.map((column) => cell(battery, column)))];
  return `${CSV_BOM}${lines.map((fields) => fields.map((field) => escapeCsvField(field, separator)).join(separator)).join('\r\n')}\r\n`;
}
