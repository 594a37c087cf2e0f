import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV the server writes, on csv-stringify: CR LF line ends, RFC 4180 quoting (a field holding the
 * separator, a quote or a line break is quoted, its quotes doubled), null as an empty field.
 * `quote_record_delimiter` is set because csv-stringify stops quoting a lone LF once `record_delimiter` is given.
 */
export type CsvCell = string | number | null;

export const CSV_LINE_END = '\r\n';

/** The list separator and decimal mark Excel expects for the language. */
export const CSV_DIALECTS = {
  de: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
} as const;

/** An exact decimal (a number's text, e.g. from the database) with the language's decimal mark. */
export const spreadsheetDecimal = (text: string, language: UiLanguage): string =>
  language === 'de' ? text.replace('.', CSV_DIALECTS.de.decimal) : text;

/**
 * A CSV for a spreadsheet (live views, data export) that Excel opens correctly in either locale: the
 * language's separator and decimal mark, and text starting with =, +, -, @, a tab or a CR (or their
 * full-width forms) neutralised with a leading quote mark so that Excel never runs a formula. A number is
 * never neutralised: pass numbers as numbers.
 */
const spreadsheetOptions = (language: UiLanguage): Options => ({
  delimiter: CSV_DIALECTS[language].separator,
  record_delimiter: CSV_LINE_END,
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { number: (value) => spreadsheetDecimal(String(value), language) },
});

/** A whole spreadsheet file, header first: UTF-8 with a byte-order mark (so umlauts survive). */
export const spreadsheetCsv = (rows: CsvCell[][], language: UiLanguage): string =>
  stringify(rows, { ...spreadsheetOptions(language), bom: true });

/** Fields of a spreadsheet line, escaped and joined, without the line end: a piece of lines built in a hot loop. */
export const spreadsheetFields = (fields: readonly CsvCell[], language: UiLanguage): string =>
  stringify([fields], { ...spreadsheetOptions(language), eof: false });

/** Lines of a machine-readable CSV (the datalog format of docs/reports.md): ',', no BOM, numbers as JavaScript writes them. */
export const machineCsv = (rows: CsvCell[][]): string =>
  stringify(rows, { record_delimiter: CSV_LINE_END, quote_record_delimiter: true });
