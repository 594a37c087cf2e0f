import { type DataExportQuery, EXPORT_GRANULARITY } from '@cbm/contracts/data-export';
import type { Language } from '../../i18n/messages';
import type { DayRange } from '../statistics/periods';
import type { DaySource, StatisticsRepository } from '../statistics/statistics-repository';
import { csvWriter } from './export-csv';

/** Batteries per query: a few hundred batteries' rows are in memory at a time, never the whole export. */
export const EXPORT_BATTERIES_PER_BATCH = 200;

export interface ExportPlan {
  query: DataExportQuery;
  range: DayRange;
  source: DaySource;
  /** Serial numbers with names, in the order of the file. */
  batteries: { serialNumber: string; batteryName: string }[];
  language: Language;
}

/** The CSV text in pieces: the header, then the rows of one batch of batteries at a time. */
export async function* exportCsv(repository: StatisticsRepository, plan: ExportPlan): AsyncGenerator<string> {
  const { query, range, source, language } = plan;
  const csv = csvWriter(language, query.resolution);
  yield csv.header();
  for (let offset = 0; offset < plan.batteries.length; offset += EXPORT_BATTERIES_PER_BATCH) {
    const batch = plan.batteries.slice(offset, offset + EXPORT_BATTERIES_PER_BATCH);
    const names = new Map(batch.map((battery) => [battery.serialNumber, battery.batteryName]));
    const rows = await repository.energy(
      {
        siteId: query.operatingSiteId,
        range,
        granularity: EXPORT_GRANULARITY[query.resolution],
        groupBy: 'serial',
        keys: [...names.keys()],
      },
      source,
    );
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.period.localeCompare(b.period)));
    let text = '';
    for (const row of rows) text += csv.row({ ...row, serialNumber: row.key, batteryName: names.get(row.key) ?? '' });
    if (text) yield text;
  }
}
