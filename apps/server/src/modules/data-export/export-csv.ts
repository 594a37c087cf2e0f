import { EXPORT_COLUMNS, type ExportResolution } from '@cbm/contracts/data-export';
import { type Language, translate } from '../../i18n/messages';
import { CSV_DIALECTS, CSV_LINE_END, spreadsheetCsv, spreadsheetDecimal, spreadsheetFields } from '../../shared/csv';
import { formatLocalDate } from '../../shared/dates';

/**
 * The export is a spreadsheet CSV (shared/csv.ts) like the live view's. Numbers carry no thousands
 * separators and a fixed number of decimals (hours 2, kWh and kg 3).
 */

/**
 * The figures of one battery and period, exact decimals already rounded (statistics-repository's
 * EXPORT_DIGITS); the battery's own fields come from `battery()`.
 */
export interface ExportFigures {
  /** First day of the period, YYYY-MM-DD. */
  period: string;
  operatingHours: string;
  chargedKwh: string;
  dischargedKwh: string;
  co2Kg: string;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The local dates the export covers, inclusive: a week is labelled with its days inside them. */
export interface ExportDates {
  firstDate: string;
  lastDate: string;
}

/**
 * A day as its date, a week as its first – last day inside the range (Monday – Sunday unless the range
 * starts or ends within it), a month as MM.YYYY (de) or MM-YYYY (en), a month the range cuts by its days too.
 */
export function formatPeriod(
  period: string,
  resolution: ExportResolution,
  language: Language,
  dates: ExportDates,
): string {
  if (resolution === 'daily') return formatLocalDate(period, language);
  if (resolution === 'weekly') return daysInside(period, addDays(period, 6), language, dates);
  const [year = '', month = ''] = period.split('-');
  const start = `${year}-${month}-01`;
  const end = addDays(`${nextMonth(year, month)}-01`, -1);
  if (start < dates.firstDate || end > dates.lastDate) return daysInside(start, end, language, dates);
  return language === 'de' ? `${month}.${year}` : `${month}-${year}`;
}

/** "first – last" of the days from `start` to `end` inside the export's dates. */
function daysInside(start: string, end: string, language: Language, dates: ExportDates) {
  const first = start < dates.firstDate ? dates.firstDate : start;
  const last = end > dates.lastDate ? dates.lastDate : end;
  return `${formatLocalDate(first, language)} – ${formatLocalDate(last, language)}`;
}

const nextMonth = (year: string, month: string) =>
  month === '12' ? `${Number(year) + 1}-01` : `${year}-${String(Number(month) + 1).padStart(2, '0')}`;

/**
 * Lines of the file, built for millions of rows: csv-stringify escapes a battery's three leading fields once
 * (`battery()`) and a period's label once per export (cached); the figures are joined to them as they are,
 * since the database's rounded decimals (digits, one decimal mark, at most a leading '-') never need quoting
 * and a number is never neutralised. csv-stringify on every line costs several times this (decision 030).
 */
export function csvWriter(language: Language, resolution: ExportResolution, dates: ExportDates) {
  const { separator } = CSV_DIALECTS[language];
  const periods = new Map<string, string>();
  const period = (first: string) => {
    let label = periods.get(first);
    if (label === undefined) {
      label = spreadsheetFields([formatPeriod(first, resolution, language, dates)], language) + separator;
      periods.set(first, label);
    }
    return label;
  };
  const number = (value: string) => spreadsheetDecimal(value, language);
  return {
    header: () =>
      spreadsheetCsv([EXPORT_COLUMNS.map((column) => translate(language, `dataExportCsv.${column}`))], language),
    /** Serial, name and "name or serial", each followed by the separator: the start of each of its lines. */
    battery: (serialNumber: string, batteryName: string) =>
      spreadsheetFields([serialNumber, batteryName, batteryName || serialNumber], language) + separator,
    line: (battery: string, row: ExportFigures) =>
      battery +
      period(row.period) +
      number(row.operatingHours) +
      separator +
      number(row.chargedKwh) +
      separator +
      number(row.dischargedKwh) +
      separator +
      number(row.co2Kg) +
      CSV_LINE_END,
  };
}
