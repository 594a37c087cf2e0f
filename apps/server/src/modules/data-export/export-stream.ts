import { type DataExportQuery, EXPORT_GRANULARITY } from '@cbm/contracts/data-export';
import type { Language } from '../../i18n/messages';
import { type DayRange, periodsOf } from '../statistics/periods';
import type { DaySource, ExportRow, StatisticsService } from '../statistics/statistics-service';
import { csvWriter } from './export-csv';

/** Rows per query: a batch of batteries with about this many battery-periods is in memory at a time. */
export const EXPORT_ROWS_PER_BATCH = 4_000;
/** Batteries per query at most (a short range), so that the serials of a query stay a short list. */
const MAX_BATTERIES_PER_BATCH = 500;
/** Queries running while a batch is written: the database works while this process formats. */
export const EXPORT_QUERIES_AHEAD = 1;
/** Characters of CSV text per piece handed to the response (about 900 lines). */
export const EXPORT_CHUNK_CHARS = 64 * 1024;

export interface ExportPlan {
  query: DataExportQuery;
  range: DayRange;
  source: DaySource;
  /** Serial numbers with names; the file lists them by serial (UTF-16 code units), whatever this order. */
  batteries: { serialNumber: string; batteryName: string }[];
  language: Language;
}

const bySerial = (a: { serialNumber: string }, b: { serialNumber: string }) =>
  a.serialNumber < b.serialNumber ? -1 : a.serialNumber > b.serialNumber ? 1 : 0;

/** How many batteries' periods make about `rowsPerBatch` rows. */
export function batteriesPerBatch(plan: ExportPlan, rowsPerBatch = EXPORT_ROWS_PER_BATCH): number {
  const periods = periodsOf(plan.range, EXPORT_GRANULARITY[plan.query.resolution]).length;
  return Math.min(MAX_BATTERIES_PER_BATCH, Math.max(1, Math.floor(rowsPerBatch / Math.max(1, periods))));
}

/**
 * The CSV text in pieces of about EXPORT_CHUNK_CHARS: the header at once, then the rows of one batch of
 * batteries after the other, by serial and period. Each batch is one query of its own (keyset on the
 * serials, the same on PostgreSQL and PGlite: no connection or transaction is held between two batches);
 * the next `queriesAhead` batches are queried while one is written. The caller pulls pieces as the client
 * takes them (`Readable.from`), so at most 1 + queriesAhead batches and one piece are in memory, however
 * long the export. `signal` tells that the client went away: no query starts after it (a generator that
 * waits for a query cannot be returned before that query answers, so the stream's destruction alone would
 * start more).
 */
export async function* exportCsv(
  statistics: Pick<StatisticsService, 'energy'>,
  plan: ExportPlan,
  {
    signal,
    rowsPerBatch = EXPORT_ROWS_PER_BATCH,
    queriesAhead = EXPORT_QUERIES_AHEAD,
  }: { signal?: AbortSignal; rowsPerBatch?: number; queriesAhead?: number } = {},
): AsyncGenerator<string> {
  const { query, range, source, language } = plan;
  const csv = csvWriter(language, query.resolution, range);
  yield csv.header();
  const batteries = [...plan.batteries].sort(bySerial);
  const size = batteriesPerBatch(plan, rowsPerBatch);
  const energy = (offset: number) =>
    statistics.energy(
      {
        siteId: query.operatingSiteId,
        range,
        granularity: EXPORT_GRANULARITY[query.resolution],
        groupBy: 'serial',
        keys: batteries.slice(offset, offset + size).map((battery) => battery.serialNumber),
      },
      source,
    );
  const ahead: Promise<ExportRow[]>[] = [];
  let queried = 0;
  const queryAhead = () => {
    while (ahead.length < queriesAhead && queried < batteries.length) {
      const rows = energy(queried);
      // Awaited in a later round; a client gone before then leaves nobody to hear its failure.
      rows.catch(() => undefined);
      ahead.push(rows);
      queried += size;
    }
  };
  queryAhead();
  let chunk = '';
  for (let offset = 0; offset < batteries.length; offset += size) {
    const rows = await (ahead.shift() as Promise<ExportRow[]>);
    if (signal?.aborted) return;
    queryAhead();
    // The rows come by period, then serial: each battery's own, in period order.
    const byBattery = new Map<string, ExportRow[]>();
    for (const row of rows) {
      const own = byBattery.get(row.key);
      if (own) own.push(row);
      else byBattery.set(row.key, [row]);
    }
    for (let n = offset; n < offset + size && n < batteries.length; n++) {
      const battery = batteries[n] as ExportPlan['batteries'][number];
      const own = byBattery.get(battery.serialNumber);
      if (!own) continue;
      const start = csv.battery(battery.serialNumber, battery.batteryName);
      for (const row of own) {
        chunk += csv.line(start, row);
        if (chunk.length >= EXPORT_CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
    }
  }
  if (chunk) yield chunk;
}
