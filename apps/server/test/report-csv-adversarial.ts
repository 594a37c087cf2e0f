import { REPORT_CSV_MAX_CELL } from '@cbm/contracts/reports';
import { REPORT_CSV_HEADER, reportCsvLine } from '../src/modules/reports/report-csv';
import { reportSample } from './report-samples';

const MB = 1024 * 1024;
const LINE = reportCsvLine(reportSample());
const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
const withSoc = (soc: string) => LINE.replace(',42.5,', `,${soc},`);

/**
 * Hostile datalogs of about `bytes` each (issue 20): what made the old parser backtrack or buffer without
 * bound. Shared by the parser's tests and the upload benchmark.
 */
export function adversarialReportCsvs(bytes = MB): Record<string, string> {
  const body = bytes - REPORT_CSV_HEADER.length;
  return {
    'one digit cell and an x': REPORT_CSV_HEADER + withSoc(`${fill('1', body)}x`),
    'digit cells of 99 and an x on every line': REPORT_CSV_HEADER + fill(withSoc(`${'9'.repeat(98)}x`), body),
    'an unterminated quoted cell': `${REPORT_CSV_HEADER}"${fill('1,', body)}`,
    'a header of digits': fill('1', bytes),
    'empty values only': REPORT_CSV_HEADER + fill(',', body),
    'many short columns': REPORT_CSV_HEADER + fill('1,', body),
    'byte-order marks and quotes': `\ufeff${REPORT_CSV_HEADER}${fill('\ufeff"",', body)}`,
    'the longest valid values on every line': REPORT_CSV_HEADER + longestLines(body),
  };
}

/** Valid samples whose every value has the most characters allowed: parsed to the end. */
function longestLines(bytes: number): string {
  const tiny = `0.${'0'.repeat(REPORT_CSV_MAX_CELL - 3)}1`;
  const line = (n: number) =>
    [
      'B'.repeat(REPORT_CSV_MAX_CELL),
      new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000).toISOString(),
      'discharging',
      ...Array.from({ length: 8 }, () => tiny),
      '',
      'C'.repeat(REPORT_CSV_MAX_CELL),
      ...Array.from({ length: 5 }, () => tiny),
    ].join(',');
  const first = line(0);
  return Array.from({ length: Math.ceil(bytes / (first.length + 2)) }, (_, n) => `${line(n)}\r\n`).join('');
}

/** A datalog of about `bytes` of valid minute samples, for comparison. */
export function normalReportCsv(bytes = MB): string {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const count = Math.ceil(bytes / LINE.length);
  const lines = Array.from({ length: count }, (_, n) =>
    reportCsvLine(reportSample({ ts: start + n * 60_000, soc: (n % 1000) / 10 })),
  );
  return REPORT_CSV_HEADER + lines.join('');
}
