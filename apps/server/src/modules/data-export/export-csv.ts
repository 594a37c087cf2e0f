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

export interface ExportRow {
  serialNumber: string;
  batteryName: string;
  /** First day of the period, YYYY-MM-DD. */
  period: string;
  operatingHours: number;
  chargedKwh: number;
  dischargedKwh: number;
  co2Kg: number;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function formatDate(date: string, language: Language): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return DATE_FORMATS[language].date.replace('DD', day).replace('MM', month).replace('YYYY', year);
}

/** A day as its date, a week as Monday – Sunday, a month as MM.YYYY (de) or MM-YYYY (en). */
export function formatPeriod(period: string, resolution: ExportResolution, language: Language): string {
  if (resolution === 'daily') return formatDate(period, language);
  if (resolution === 'weekly') return `${formatDate(period, language)} – ${formatDate(addDays(period, 6), language)}`;
  const [year = '', month = ''] = period.split('-');
  return language === 'de' ? `${month}.${year}` : `${month}-${year}`;
}

export function csvWriter(language: Language, resolution: ExportResolution) {
  const { separator, decimal } = DIALECTS[language];
  const line = (fields: string[]) => `${fields.map((field) => escapeCsvField(field, separator)).join(separator)}\r\n`;
  const number = (value: number, digits: number) => value.toFixed(digits).replace('.', decimal);
  return {
    header: () => CSV_BOM + line(EXPORT_COLUMNS.map((column) => translate(language, `dataExportCsv.${column}`))),
    row: (row: ExportRow) =>
      line([
        row.serialNumber,
        row.batteryName,
        row.batteryName || row.serialNumber,
        formatPeriod(row.period, resolution, language),
        number(row.operatingHours, 2),
        number(row.chargedKwh, 3),
        number(row.dischargedKwh, 3),
        number(row.co2Kg, 3),
      ]),
  };
}
