import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import { REPORT_CSV_COLUMNS } from '@cbm/contracts/reports';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

const sample = (overrides: Partial<ReportSample> = {}): ReportSample => ({
  serialNumber: 'BAT-0001',
  ts: Date.parse('2026-11-20T10:00:00Z'),
  state: 'charging',
  soc: 42.5,
  soh: 97,
  stackVoltage: 51.2,
  current: -12.25,
  minCellVoltage: 3.2,
  maxCellVoltage: 3.31,
  minCellTemperature: 18,
  maxCellTemperature: 25.5,
  boardTemperature: null,
  chargerSerial: 'CH-7',
  totalEnergyChargedKwh: 1234.567891,
  totalEnergyDischargedKwh: 1000.000001,
  totalChargingHours: 10.5,
  totalDischargingHours: 20.25,
  totalStandbyHours: 3,
  ...overrides,
});
const csv = (...samples: ReportSample[]) => REPORT_CSV_HEADER + samples.map(reportCsvLine).join('');
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
        return sample({ ...rest, serialNumber, ts, totalEnergyChargedKwh: charged });
      });
    }),
  );

describe('datalog CSV', () => {
  it('reads back exactly what it wrote, in batches of any size', async () => {
    await fc.assert(
      fc.asyncProperty(samplesArbitrary, fc.integer({ min: 1, max: 7 }), async (samples, batchSize) => {
        expect(await collect(csv(...samples), batchSize)).toEqual(samples);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('accepts a byte-order mark and LF line ends', async () => {
    const lf = `\ufeff${csv(sample()).replaceAll('\r\n', '\n')}`;
    expect(await collect(lf)).toEqual([sample()]);
  });

  it.each([
    ['an empty file', '', ['errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') }]],
    ['a header only', REPORT_CSV_HEADER, ['errors.reportCsvEmpty', {}]],
    ['other columns', 'serial;timestamp\r\n', ['errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') }]],
    [
      'a decimal comma',
      csv(sample()).replace(',42.5,', ',"42,5",'),
      ['errors.reportCsvNumber', { line: 2, column: 'soc', value: '42,5' }],
    ],
    [
      'a missing value',
      csv(sample()).replace(',42.5,', ','),
      ['errors.reportCsvColumnCount', { line: 2, expected: 18, found: 17 }],
    ],
    [
      'an SoC over 100',
      csv(sample({ soc: 101 })),
      ['errors.reportCsvRange', { line: 2, column: 'soc', min: 0, max: 100 }],
    ],
    [
      'a local timestamp',
      csv(sample()).replace('2026-11-20T10:00:00.000Z', '2026-11-20 11:00'),
      ['errors.reportCsvTimestamp', { line: 2, value: '2026-11-20 11:00' }],
    ],
    ['samples out of order', csv(sample(), sample()), ['errors.reportCsvOrder', { line: 3 }]],
    [
      'an unknown state',
      csv(sample()).replace(',charging,', ',flying,'),
      ['errors.reportCsvState', { line: 2, value: 'flying', states: BATTERY_STATES.join(', ') }],
    ],
    [
      'two batteries',
      csv(sample(), sample({ serialNumber: 'BAT-2', ts: sample().ts + 60_000 })),
      ['errors.reportCsvSerial', { line: 3, serial: 'BAT-2', first: 'BAT-0001' }],
    ],
    ['an open quote', `${csv(sample())}"BAT-0001,2026`, ['errors.reportCsvMalformed', { line: 3 }]],
  ])('names the line of %s', async (_, text, expected) => {
    expect(await failure(text)).toEqual(expected);
  });

  it('never fails with anything but a ReportCsvError, whatever the bytes', async () => {
    const lines = fc.array(
      fc.oneof(
        fc.constant(REPORT_CSV_HEADER),
        fc.constant(reportCsvLine(sample())),
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
