import { UNGROUPED } from '@cbm/contracts/battery-groups';
import {
  START_SOC_BOX_METRICS,
  STATISTICS_METRICS,
  type StatisticsQuery,
  type StatisticsResponse,
  type StatisticsSeries,
} from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import { batteryGroupNotFound, HttpError } from '../../http-error';
import { type Language, translate } from '../../i18n/messages';
import { localDays, nextDate } from '../battery-days/local-days';
import { type DayRange, dayRange, HOUR_MS, periodsOf, QUARTER_HOUR_MS, startsOnGrid } from './periods';
import type { EnergyFigure } from './statistics-figure-sql';
import {
  type DaySource,
  type Selection,
  type StatisticsRepository,
  statisticsRepository,
} from './statistics-repository';

export type { DaySource, ExportRow, Selection } from './statistics-repository';

type SeriesHead = Pick<StatisticsSeries, 'key' | 'label'>;

/** The same answer from the export and the report when the batteries have no figures in the range. */
export const noDataFound = (serials: readonly string[], range: { firstDate: string; lastDate: string }) =>
  new HttpError(404, 'statistics.noData', 'errors.statisticsNoData', {
    serials: serials.join(', '),
    from: range.firstDate,
    to: range.lastDate,
  });

const batteriesNotFound = (serials: string[]) =>
  new HttpError(404, 'batteries.notFound', 'errors.statisticsBatteriesNotFound', { serials: serials.join(', ') });

interface DaySourceOptions {
  partOfDays?: { fromMs: number; toMs: number };
  quarters?: boolean;
}

/**
 * Day rows count in the zone the site had when they were rolled up; for another zone the hour rows
 * are summed into its days, which is exact when its days start on full UTC hours, and their quarter-hour
 * parts when its days start on quarter hours (:30/:45 offsets, decision 033). A report whose period is not
 * whole local days (`partOfDays`, on full hours) reads hour rows; a report reads no quarter parts (they
 * hold the statistics' figures only), so it refuses such a zone.
 */
async function daySource(
  repository: StatisticsRepository,
  siteId: number,
  range: DayRange,
  options: DaySourceOptions & { quarters: false },
): Promise<Exclude<DaySource, 'quarter'>>;
async function daySource(
  repository: StatisticsRepository,
  siteId: number,
  range: DayRange,
  options?: DaySourceOptions,
): Promise<DaySource>;
async function daySource(
  repository: StatisticsRepository,
  siteId: number,
  range: DayRange,
  options: DaySourceOptions = {},
): Promise<DaySource> {
  const { partOfDays, quarters = true } = options;
  if (!partOfDays && (await repository.daysCountedIn(siteId, range))) return 'day';
  const { timeZone } = range;
  const source = partOfDays || startsOnGrid(range, HOUR_MS) ? 'hour' : 'quarter';
  if (source === 'quarter' && (!quarters || !startsOnGrid(range, QUARTER_HOUR_MS))) {
    throw new HttpError(400, 'statistics.timeZoneNotExact', 'errors.statisticsTimeZoneNotExact', { timeZone });
  }
  const firstHour = await repository.daysWithoutHours(siteId, range);
  if (firstHour !== null) throw hoursMissing(timeZone, firstHour || '–');
  if (source === 'quarter') {
    const lastWithout = await repository.lastHourWithoutQuarters(siteId, range);
    if (lastWithout !== null) throw hoursMissing(timeZone, firstWholeDayFrom(timeZone, lastWithout + HOUR_MS));
  }
  return source;
}

const hoursMissing = (timeZone: string, date: string) =>
  new HttpError(400, 'statistics.hoursMissing', 'errors.statisticsHoursMissing', { timeZone, date });

/** The first local date of the zone that begins at or after the instant. */
function firstWholeDayFrom(timeZone: string, ms: number): string {
  const day = localDays(timeZone).dayAt(ms);
  return day.start === ms ? day.date : nextDate(day.date);
}

/** The zone the call counts in: the one it names, else the site's own (decision 027). */
async function zoneOf(
  repository: StatisticsRepository,
  query: { operatingSiteId: number; timeZone?: string | undefined },
): Promise<string> {
  return query.timeZone ?? (await repository.siteTimeZone(query.operatingSiteId));
}

/**
 * What other modules read of the battery statistics (the data export, reports, charger-station
 * statistics): the zone, day source and figures the statistics call uses itself.
 */
export function statisticsService(db: Queryable) {
  const repository = statisticsRepository(db);
  return {
    /** The site's batteries with their groups, by serial. */
    batteries: (siteId: number) => repository.batteries(siteId),
    chosenBatteries: (siteId: number, serials: readonly string[], options?: { all?: boolean }) =>
      chosenBatteries(repository, siteId, serials, options),
    zoneOf: (query: { operatingSiteId: number; timeZone?: string | undefined }) => zoneOf(repository, query),
    daySource: (siteId: number, range: DayRange) => daySource(repository, siteId, range),
    reportDaySource: (siteId: number, range: DayRange, options: DaySourceOptions & { quarters: false }) =>
      daySource(repository, siteId, range, options),
    anyData: repository.anyData,
    energy: repository.energy,
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;

/**
 * The site's batteries of these serials (all of the site's with `all`), by serial; a serial that is not
 * the site's answers 404 naming it. Only the chosen rows are read: a large site has tens of thousands.
 */
async function chosenBatteries(
  repository: StatisticsRepository,
  siteId: number,
  serials: readonly string[],
  options: { all?: boolean } = {},
) {
  const wanted = [...new Set(serials)];
  const batteries = await repository.batteries(siteId, options.all ? undefined : wanted);
  const known = new Set(batteries.map((battery) => battery.serialNumber));
  const missing = wanted.filter((serial) => !known.has(serial));
  if (missing.length > 0) throw batteriesNotFound(missing);
  return batteries;
}

/** The series the query asks for, in the order shown; unknown groups or serials of the site answer 404. */
async function seriesHeads(
  repository: StatisticsRepository,
  query: StatisticsQuery,
  language: Language,
): Promise<SeriesHead[]> {
  const siteId = query.operatingSiteId;
  if (query.groupBy === 'organization') return [{ key: 'organization', label: await repository.siteName(siteId) }];
  if (query.groupBy === 'group') return groupHeads(repository, query, language);
  const serials = [...new Set(query.serials)];
  const batteries = new Map(
    (await chosenBatteries(repository, siteId, serials)).map((battery) => [battery.serialNumber, battery]),
  );
  return serials.map((serial) => ({ key: serial, label: batteries.get(serial)?.batteryName || serial }));
}

/** The chosen groups by name, Ungrouped after them. */
async function groupHeads(
  repository: StatisticsRepository,
  query: StatisticsQuery,
  language: Language,
): Promise<SeriesHead[]> {
  const ids = [...new Set(query.groupIds.filter((id): id is number => id !== UNGROUPED))];
  const groups = await repository.groups(query.operatingSiteId, ids);
  const missing = ids.find((id) => !groups.some((group) => group.id === id));
  if (missing !== undefined) throw batteryGroupNotFound(missing);
  const heads = groups.map((group) => ({ key: String(group.id), label: group.name }));
  if (!query.groupIds.includes(UNGROUPED)) return heads;
  return [...heads, { key: UNGROUPED, label: translate(language, 'batteryGroups.ungrouped') }];
}

/** The answer of the statistics call with each series' figures as JSON arrays, ready to be joined. */
export interface StatisticsAnswer extends Omit<StatisticsResponse, 'series'> {
  series: (SeriesHead & { values: Record<string, string> })[];
}

/**
 * Statistics as the API answers them. A year daily for 1,000 batteries is 730,000 numbers: the
 * database's number lists go into the JSON as they are when a series has every period, instead of
 * being parsed, placed and serialised again.
 */
export async function loadStatistics(
  repository: StatisticsRepository,
  query: StatisticsQuery,
  language: Language,
): Promise<StatisticsAnswer> {
  const timeZone = await zoneOf(repository, query);
  const range = dayRange(query.from, query.to, timeZone);
  const heads = await seriesHeads(repository, query, language);
  const selection: Selection = {
    siteId: query.operatingSiteId,
    range,
    granularity: query.granularity,
    groupBy: query.groupBy,
    keys: heads.map((head) => (query.groupBy === 'group' && head.key !== UNGROUPED ? Number(head.key) : head.key)),
  };
  const periods = periodsOf(range, query.granularity);
  const values =
    query.type === 'startsoc'
      ? await startSocValues(repository, selection, periods)
      : await energyValues(repository, selection, periods, STATISTICS_METRICS[query.type]);
  const { type, groupBy, granularity } = query;
  const series = heads.map((head) => ({ ...head, values: values(head.key) }));
  // A week (or month) the range starts in is named by its first day inside the range (docs/reports.md).
  const inside = periods.map((period) => (period < range.firstDate ? range.firstDate : period));
  return { type, groupBy, granularity, timeZone, periods: inside, series };
}

/** The answer as JSON text: the same document as JSON.stringify of a StatisticsResponse. */
export function statisticsJson({ series, ...head }: StatisticsAnswer): string {
  const entries = series.map(({ values, ...names }) => {
    const figures = Object.entries(values).map(([metric, list]) => `${JSON.stringify(metric)}:${list}`);
    return `${JSON.stringify(names).slice(0, -1)},"values":{${figures.join(',')}}}`;
  });
  return `${JSON.stringify(head).slice(0, -1)},"series":[${entries.join(',')}]}`;
}

type SeriesValues = (key: string) => Record<string, string>;

async function startSocValues(
  repository: StatisticsRepository,
  selection: Selection,
  periods: string[],
): Promise<SeriesValues> {
  const periodIndex = new Map(periods.map((period, index) => [period, index]));
  const boxMetrics: readonly string[] = START_SOC_BOX_METRICS;
  const byKey = new Map<string, Record<string, (number | null)[]>>();
  const valuesOf = (key: string) => {
    let values = byKey.get(key);
    if (!values) {
      const empty = (metric: string) => periods.map(() => (boxMetrics.includes(metric) ? null : 0));
      values = Object.fromEntries(STATISTICS_METRICS.startsoc.map((metric) => [metric, empty(metric)]));
      byKey.set(key, values);
    }
    return values;
  };
  for (const { period, key, buckets, ...box } of await repository.startSoc(selection)) {
    const index = periodIndex.get(period);
    if (index === undefined) continue;
    const [below20, below40, below60, below80, upTo100] = buckets;
    const figures: Record<string, number> = { below20, below40, below60, below80, upTo100, ...box };
    const values = valuesOf(key);
    for (const metric of STATISTICS_METRICS.startsoc)
      (values[metric] as (number | null)[])[index] = figures[metric] ?? null;
  }
  return (key) => mapValues(valuesOf(key), (list) => JSON.stringify(list));
}

async function energyValues(
  repository: StatisticsRepository,
  selection: Selection,
  periods: string[],
  figures: readonly EnergyFigure[],
): Promise<SeriesValues> {
  const source = await daySource(repository, selection.siteId, selection.range);
  const offsets = periods.map((period) => daysBetween(selection.range.firstDate, period));
  const everyPeriod = offsets.join(',');
  const indexAt = new Map(offsets.map((offset, index) => [offset, index]));
  const zeros = JSON.stringify(periods.map(() => 0));
  const byKey = new Map<string, Record<string, string>>();
  for (const row of await repository.energySeries(selection, source, figures)) {
    const list = (figure: EnergyFigure) => row[figure] ?? '';
    if (row.offsets === everyPeriod) {
      byKey.set(row.key, Object.fromEntries(figures.map((figure) => [figure, `[${list(figure)}]`])));
      continue;
    }
    // Some periods without data, or the rows came in another order: place each value by its offset.
    const indexes = row.offsets.split(',').map((offset) => indexAt.get(Number(offset)));
    // The database's digits as they are (exact decimals, valid JSON numbers), not through a double.
    const placed = (figure: EnergyFigure) => {
      const values = periods.map(() => '0');
      list(figure)
        .split(',')
        .forEach((value, n) => {
          const index = indexes[n];
          if (index !== undefined) values[index] = value;
        });
      return `[${values.join(',')}]`;
    };
    byKey.set(row.key, Object.fromEntries(figures.map((figure) => [figure, placed(figure)])));
  }
  return (key) => byKey.get(key) ?? Object.fromEntries(figures.map((figure) => [figure, zeros]));
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
