import { EXPORT_COLUMNS, type ExportResolution } from '@cbm/contracts/data-export';
import { DATE_FORMATS } from '@cbm/contracts/date-formats';
import { type Language, translate } from '../../i18n/messages';
import { CSV_BOM, escapeCsvField } from '../live-view/live-view-csv';

/**
 * The export opens in Excel like the live-view CSV (UTF-8 with BOM, CRLF, formula-safe quoting from
 * live-view-csv.ts): ';' and decimal comma in German, ',' and decimal point in English. Numbers carry
 * no thousands separators and a fixed number of decimals (hours 2, kWh and kg 3).
 */
const DIALECTS = {
  de: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
} as const;

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

function formatDate(date: string, language: Language): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return DATE_FORMATS[language].date.replace('DD', day).replace('MM', month).replace('YYYY', year);
}

/** The local dates the export covers, inclusive: a week is labelled with its days inside them. */
export interface ExportDates {
  firstDate: string;
  lastDate: string;
}

/**
 * A day as its date, a week as its first – last day inside the range (Monday – Sunday unless the range
 * starts or ends within it), a month as MM.YYYY (de) or MM-YYYY (en).
 */
export function formatPeriod(
  period: string,
  resolution: ExportResolution,
  language: Language,
  dates: ExportDates,
): string {
  if (resolution === 'daily') return formatDate(period, language);
  if (resolution === 'weekly') {
    const first = period < dates.firstDate ? dates.firstDate : period;
    const sunday = addDays(period, 6);
    const last = sunday > dates.lastDate ? dates.lastDate : sunday;
    return `${formatDate(first, language)} – ${formatDate(last, language)}`;
  }
  const [year = '', month = ''] = period.split('-');
  return language === 'de' ? `${month}.${year}` : `${month}-${year}`;
}

/**
 * Lines of the file, built for millions of rows: a battery's three leading fields are escaped once
 * (`battery()`), a period's label once per export (cached), and a number is escaped only when it can need
 * it — the database's rounded decimals are digits, one decimal mark and at most a leading '-', the one
 * formula character.
 */
export function csvWriter(language: Language, resolution: ExportResolution, dates: ExportDates) {
  const { separator, decimal } = DIALECTS[language];
  const field = (text: string) => escapeCsvField(text, separator);
  const periods = new Map<string, string>();
  const period = (first: string) => {
    let label = periods.get(first);
    if (label === undefined) {
      label = field(formatPeriod(first, resolution, language, dates)) + separator;
      periods.set(first, label);
    }
    return label;
  };
  const number = (value: string) => {
    const text = decimal === '.' ? value : value.replace('.', decimal);
    return text.charCodeAt(0) === 45 ? field(text) : text;
  };
  return {
    header: () =>
      `${CSV_BOM}${EXPORT_COLUMNS.map((column) => field(translate(language, `dataExportCsv.${column}`))).join(separator)}\r\n`,
    /** Serial, name and "name or serial", each followed by the separator: the start of each of its lines. */
    battery: (serialNumber: string, batteryName: string) =>
      `${field(serialNumber)}${separator}${field(batteryName)}${separator}${field(batteryName || serialNumber)}${separator}`,
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
      '\r\n',
  };
}
