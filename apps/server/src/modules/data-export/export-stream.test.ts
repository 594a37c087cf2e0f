import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { dayRange } from '../statistics/periods';
import type { ExportRow, Selection } from '../statistics/statistics-service';
import {
  batteriesPerBatch,
  EXPORT_CHUNK_CHARS,
  EXPORT_QUERIES_AHEAD,
  type ExportPlan,
  exportCsv,
} from './export-stream';

/** A year, daily, of `count` batteries, served by a repository that answers like the SQL (by period, then key). */
function fakeExport(count: number) {
  const plan: ExportPlan = {
    query: {
      operatingSiteId: 1,
      serials: ['all'],
      resolution: 'daily',
      from: '2025-11-20T23:00:00Z',
      to: '2026-11-20T23:00:00Z',
      timeZone: 'Europe/Berlin',
    },
    range: dayRange('2025-11-20T23:00:00Z', '2026-11-20T23:00:00Z', 'Europe/Berlin'),
    source: 'day',
    // Not in file order: the export sorts by serial.
    batteries: Array.from({ length: count }, (_, n) => ({
      serialNumber: `BAT-${String(count - n).padStart(5, '0')}`,
      batteryName: n % 2 ? `Battery ${n}` : '',
    })),
    language: 'de',
  };
  const days = Array.from({ length: 365 }, (_, n) =>
    new Date(Date.parse('2025-11-21T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10),
  );
  const stats = { queries: 0, rowsAnswered: 0 };
  const repository = {
    async energy(selection: Selection): Promise<ExportRow[]> {
      stats.queries++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      const rows = days.flatMap((period) =>
        [...selection.keys].sort().map((key) => ({
          period,
          key: String(key),
          chargedKwh: '12.346',
          dischargedKwh: '10.500',
          co2Kg: '4.765',
          operatingHours: '20.00',
        })),
      );
      stats.rowsAnswered += rows.length;
      return rows;
    },
  };
  return { plan, repository, stats };
}

describe('exportCsv', () => {
  it('writes every battery by serial, then period, in pieces of about EXPORT_CHUNK_CHARS', async () => {
    const { plan, repository, stats } = fakeExport(60);
    const pieces: string[] = [];
    for await (const piece of exportCsv(repository, plan)) pieces.push(piece);
    const lines = pieces.join('').split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(60 * 365);
    expect(lines[0]).toBe('BAT-00001;Battery 59;Battery 59;21.11.2025;20,00;12,346;10,500;4,765');
    expect(lines[365]).toBe('BAT-00002;;BAT-00002;21.11.2025;20,00;12,346;10,500;4,765');
    expect(lines.at(-1)).toBe('BAT-00060;;BAT-00060;20.11.2026;20,00;12,346;10,500;4,765');
    expect(stats.queries).toBe(Math.ceil(60 / batteriesPerBatch(plan)));
    for (const piece of pieces.slice(1, -1)) expect(piece.length).toBeLessThan(EXPORT_CHUNK_CHARS + 200);
  });

  it('reads the database only as fast as the client takes the file: a few batches ahead at most', async () => {
    const { plan, repository, stats } = fakeExport(1_000);
    const batchRows = batteriesPerBatch(plan) * 365;
    let linesTaken = 0;
    let mostAhead = 0;
    const slowClient = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) linesTaken++;
        mostAhead = Math.max(mostAhead, stats.rowsAnswered - linesTaken);
        setImmediate(done);
      },
    });
    await pipeline(Readable.from(exportCsv(repository, plan)), slowClient);
    expect(linesTaken).toBe(1_000 * 365 + 1);
    expect(stats.rowsAnswered).toBe(1_000 * 365);
    // The batch being written, those queried meanwhile and a few pieces on their way; never the whole
    // export (365,000 rows).
    expect(mostAhead).toBeGreaterThan(0);
    expect(mostAhead).toBeLessThan((EXPORT_QUERIES_AHEAD + 2) * batchRows);
  });

  it('stops querying when the client goes away, and the query still running then fails unheard', async () => {
    const { plan, repository, stats } = fakeExport(1_000);
    // The first batch is answered; those queried meanwhile fail after the hang-up.
    const failing = {
      async energy(selection: Selection) {
        if (stats.queries === 0) return repository.energy(selection);
        stats.queries++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('connection lost');
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const stream = Readable.from(exportCsv(failing, plan));
      await new Promise<void>((resolve) => {
        let pieces = 0;
        stream.on('data', () => {
          // The header, then the first piece of rows: the client hangs up.
          if (++pieces === 2) {
            stream.destroy();
            resolve();
          }
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stats.queries).toBe(1 + EXPORT_QUERIES_AHEAD);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('starts no query once the signal tells that the client is gone', async () => {
    const { plan, repository, stats } = fakeExport(1_000);
    const gone = new AbortController();
    const pieces = exportCsv(repository, plan, { signal: gone.signal });
    expect((await pieces.next()).value).toMatch(/^\uFEFFBatterie-Seriennummer;/);
    const firstRows = pieces.next();
    gone.abort();
    expect(await firstRows).toEqual({ done: true, value: undefined });
    expect(stats.queries).toBe(EXPORT_QUERIES_AHEAD);
  });
});
