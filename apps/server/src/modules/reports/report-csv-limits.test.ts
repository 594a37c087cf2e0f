import { REPORT_CSV_MAX_CELL, REPORT_CSV_MAX_LINE } from '@cbm/contracts/reports';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STALL_LIMIT_MS, watchEventLoop } from '../../../test/event-loop-probe';
import { adversarialReportCsvs, normalReportCsv } from '../../../test/report-csv-adversarial';
import { reportCsv, reportSample } from '../../../test/report-samples';
import { REPORT_CSV_HEADER, reportCsvLine } from './report-csv';
import { parseDecimal } from './report-csv-number';
import { parseReportCsv, ReportCsvError } from './report-csv-parser';

async function parseWatched(text: string | Uint8Array, maxRows?: number) {
  const watch = watchEventLoop();
  let outcome: unknown = 'ok';
  try {
    const data = typeof text === 'string' ? Buffer.from(text) : text;
    for await (const _ of parseReportCsv(data, undefined, maxRows));
  } catch (error) {
    outcome = error instanceof ReportCsvError ? [error.messageKey, error.values] : error;
  }
  return { outcome, ...watch.stop() };
}

describe('datalog CSV limits (issue 20)', () => {
  it('refuses the 100 KB digit cell of issue 20 without holding the event loop', async () => {
    const text = reportCsv(reportSample()).replace(',42.5,', `,${'1'.repeat(100_000)}x,`);
    const watched = await parseWatched(text);
    expect(watched.longestTurnMs).toBeLessThan(STALL_LIMIT_MS);
    expect(watched.outcome).toEqual(['errors.reportCsvLineTooLong', { line: 2, max: REPORT_CSV_MAX_LINE }]);
  });

  it.each(Object.entries(adversarialReportCsvs()))(
    'reads or refuses 1 MB of %s with its own error, never holding the event loop 100 ms',
    async (name, text) => {
      const watched = await parseWatched(text);
      expect(watched.longestTurnMs).toBeLessThan(STALL_LIMIT_MS);
      if (name === 'the longest valid values on every line') expect(watched.outcome).toBe('ok');
      else expect(watched.outcome).toEqual([expect.stringMatching(/^errors\.reportCsv/), expect.anything()]);
    },
  );

  it('reads 1 MB of normal samples while timers keep running', async () => {
    const watched = await parseWatched(normalReportCsv());
    expect(watched.outcome).toBe('ok');
    expect(watched.longestTurnMs).toBeLessThan(STALL_LIMIT_MS);
    expect(watched.turns).toBeGreaterThan(0);
  });

  it('names the line that is too long, the value that is too long and the sample that is one too many', async () => {
    const long = reportCsv(reportSample()).replace('CH-7', 'C'.repeat(REPORT_CSV_MAX_CELL + 1));
    expect((await parseWatched(long)).outcome).toEqual([
      'errors.reportCsvText',
      { line: 2, column: 'chargerSerial', max: REPORT_CSV_MAX_CELL },
    ]);
    const number = reportCsv(reportSample()).replace(',42.5,', `,${'4'.repeat(REPORT_CSV_MAX_CELL + 1)},`);
    expect((await parseWatched(number)).outcome).toEqual([
      'errors.reportCsvText',
      { line: 2, column: 'soc', max: REPORT_CSV_MAX_CELL },
    ]);
    const header = `${'serialNumber'.repeat(200)}\r\n`;
    expect((await parseWatched(header)).outcome).toEqual([
      'errors.reportCsvLineTooLong',
      { line: 1, max: REPORT_CSV_MAX_LINE },
    ]);
    const three = reportCsv(...[0, 1, 2].map((n) => reportSample({ ts: reportSample().ts + n * 60_000 })));
    expect((await parseWatched(three, 3)).outcome).toBe('ok');
    expect((await parseWatched(three, 2)).outcome).toEqual(['errors.reportCsvTooManyRows', { max: 2 }]);
  });

  it('reads a datalog that arrives in pieces, split anywhere', async () => {
    const samples = [0, 1, 2].map((n) => reportSample({ ts: reportSample().ts + n * 60_000 }));
    const bytes = Buffer.from(REPORT_CSV_HEADER + samples.map(reportCsvLine).join(''));
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const read = [];
    for await (const batch of parseReportCsv(pieces())) read.push(...batch);
    expect(read).toEqual(samples);
  });

  it('passes on an error of the stream it reads', async () => {
    async function* failing() {
      yield Buffer.from(REPORT_CSV_HEADER);
      throw new Error('connection reset');
    }
    await expect(async () => {
      for await (const _ of parseReportCsv(failing()));
    }).rejects.toThrow('connection reset');
  });
});

const OLD_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const digits = (min: number, max: number) =>
  fc.integer({ min, max }).map((length) => '1234567890'.repeat(Math.ceil(length / 10)).slice(0, length));
const adversarialCell = fc.oneof(
  digits(0, 60_000),
  digits(1, 60_000).map((run) => `${run}x`),
  digits(1, 30_000).map((run) => `${run}.${run}e`),
  fc.constantFrom('"', '""', '"a,b"', ',', ';', '\t', '\r\n', '\n', '\ufeff', '1e400', '-.', 'NaN'),
  fc
    .tuple(fc.constantFrom('"', ',', 'x', ' ', '\ufeff'), fc.integer({ min: 1, max: 80_000 }))
    .map(([unit, n]) => unit.repeat(n)),
  fc.string({ maxLength: 30 }),
);
const adversarialLine = fc.oneof(
  fc.array(adversarialCell, { maxLength: 30 }).map((cells) => cells.join(',')),
  fc.integer({ min: 19, max: 5000 }).map((columns) => '1,'.repeat(columns)),
  fc.constant(reportCsvLine(reportSample())),
);
const adversarialFile = fc
  .tuple(fc.constantFrom('', '\ufeff', '\ufeff\ufeff'), fc.boolean(), fc.array(adversarialLine, { maxLength: 8 }))
  .map(([bom, header, lines]) => Buffer.from(bom + (header ? REPORT_CSV_HEADER : '') + lines.join('\r\n')));

describe('datalog CSV against adversarial input (fast-check)', () => {
  it('reads a number exactly as the former pattern and Number() did', () => {
    const numberish = fc.string({ unit: fc.constantFrom(...'0123456789.-+eEx '), maxLength: 12 });
    fc.assert(
      fc.property(fc.oneof(numberish, fc.double().map(String), fc.string({ maxLength: 12 })), (text) => {
        const expected = OLD_NUMBER.test(text) ? Number(text) : Number.NaN;
        expect(parseDecimal(text)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('fails only with its own error, in time linear in the size, never holding the event loop', async () => {
    await fc.assert(
      fc.asyncProperty(adversarialFile, async (data) => {
        const watched = await parseWatched(data);
        if (watched.outcome !== 'ok') {
          expect(watched.outcome).toEqual([expect.stringMatching(/^errors\.reportCsv/), expect.anything()]);
        }
        expect(watched.longestTurnMs).toBeLessThan(STALL_LIMIT_MS);
        expect(watched.cpuMs).toBeLessThan(50 + data.length / 1024);
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
