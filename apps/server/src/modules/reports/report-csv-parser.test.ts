import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import { REPORT_CSV_COLUMNS } from '@cbm/contracts/reports';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportSample } from '../../../test/report-samples';
import { REPORT_CSV_HEADER, type ReportSample, reportCsvLine } from './report-csv';
import { parseReportCsv, ReportCsvError } from './report-csv-parser';

const collect = async (text: string | Uint8Array, batchSize?: number) => {
  const samples: ReportSample[] = [];
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  for await (const batch of parseReportCsv(data, batchSize)) samples.push(...batch);
  return samples;
};
const failure = async (text: string) => {
  try {
    await collect(text);
  } catch (error) {
    if (error instanceof ReportCsvError) return [error.messageKey, error.values];
    throw error;
  }
  return 'ok';
};

// -0 is written as 0, like every other CSV writer does.
const finite = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => value + 0);
const text = fc.string({ minLength: 1, maxLength: 20 }).filter((value) => value.trim() === value && value !== '');

const samplesArbitrary = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 3_600_000 }),
      state: fc.constantFrom(...BATTERY_STATES),
      soc: finite(0, 100),
      soh: finite(0, 100),
      current: finite(-1000, 1000),
      boardTemperature: fc.option(finite(-40, 120)),
      chargerSerial: fc.option(text),
      charged: finite(0, 1e6),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .chain((rows) =>
    text.map((serialNumber) => {
      let ts = Date.parse('2026-01-01T00:00:00Z');
      return rows.map((row) => {
        ts += row.gap;
        const { gap, charged, ...rest } = row;
        return reportSample({ ...rest, serialNumber, ts, totalEnergyChargedKwh: charged });
      });
    }),
  );

describe('datalog CSV', () => {
  it('reads back exactly what it wrote, in batches of any size', async () => {
    await fc.assert(
      fc.asyncProperty(samplesArbitrary, fc.integer({ min: 1, max: 7 }), async (samples, batchSize) => {
        expect(await collect(reportCsv(...samples), batchSize)).toEqual(samples);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('accepts a byte-order mark and LF line ends', async () => {
    const lf = `\ufeff${reportCsv(reportSample()).replaceAll('\r\n', '\n')}`;
    expect(await collect(lf)).toEqual([reportSample()]);
  });

  it.each([
    ['an empty file', '', ['errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') }]],
    ['a header only', REPORT_CSV_HEADER, ['errors.reportCsvEmpty', {}]],
    ['other columns', 'serial;timestamp\r\n', ['errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') }]],
    [
      'a decimal comma',
      reportCsv(reportSample()).replace(',42.5,', ',"42,5",'),
      ['errors.reportCsvNumber', { line: 2, column: 'soc', value: '42,5' }],
    ],
    [
      'a missing value',
      reportCsv(reportSample()).replace(',42.5,', ','),
      ['errors.reportCsvColumnCount', { line: 2, expected: 18, found: 17 }],
    ],
    [
      'an SoC over 100',
      reportCsv(reportSample({ soc: 101 })),
      ['errors.reportCsvRange', { line: 2, column: 'soc', min: 0, max: 100 }],
    ],
    [
      'a local timestamp',
      reportCsv(reportSample()).replace('2026-11-20T10:00:00.000Z', '2026-11-20 11:00'),
      ['errors.reportCsvTimestamp', { line: 2, value: '2026-11-20 11:00' }],
    ],
    ['samples out of order', reportCsv(reportSample(), reportSample()), ['errors.reportCsvOrder', { line: 3 }]],
    [
      'an unknown state',
      reportCsv(reportSample()).replace(',charging,', ',flying,'),
      ['errors.reportCsvState', { line: 2, value: 'flying', states: BATTERY_STATES.join(', ') }],
    ],
    [
      'two batteries',
      reportCsv(reportSample(), reportSample({ serialNumber: 'BAT-2', ts: reportSample().ts + 60_000 })),
      ['errors.reportCsvSerial', { line: 3, serial: 'BAT-2', first: 'BAT-0001' }],
    ],
    ['an open quote', `${reportCsv(reportSample())}"BAT-0001,2026`, ['errors.reportCsvMalformed', { line: 3 }]],
  ])('names the line of %s', async (_, text, expected) => {
    expect(await failure(text)).toEqual(expected);
  });

  it('never fails with anything but a ReportCsvError, whatever the bytes', async () => {
    const lines = fc.array(
      fc.oneof(
        fc.constant(REPORT_CSV_HEADER),
        fc.constant(reportCsvLine(reportSample())),
        fc.string({ maxLength: 80 }),
        fc
          .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('"', ',', '\r\n', '\n', '1e400', '-0', 'NaN')), {
            maxLength: 25,
          })
          .map((parts) => parts.join(',')),
      ),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          lines.map((all) => Buffer.from(all.join(''))),
          fc.uint8Array({ maxLength: 300 }),
        ),
        async (data) => {
          try {
            await collect(data);
          } catch (error) {
            expect(error).toBeInstanceOf(ReportCsvError);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
