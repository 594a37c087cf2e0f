import {
  START_SOC_BOX_METRICS,
  STATISTICS_METRICS,
  type StatisticsQuery,
  type StatisticsResponse,
  type StatisticsSeries,
} from '@cbm/contracts/statistics';
import { HttpError } from '../../http-error';
import { type DayRange, dayRange, periodsOf, startsOnWholeHours } from './periods';
import type { DaySource, EnergyFigure, Selection, StatisticsRepository } from './statistics-repository';

type SeriesHead = Pick<StatisticsSeries, 'key' | 'label'>;

export const batteriesNotFound = (serials: string[]) =>
  new HttpError(404, 'batteries.notFound', 'errors.statisticsBatteriesNotFound', { serials: serials.join(', ') });

/**
 * Day rows count in the zone the site had when they were rolled up; for another zone the hour rows
 * are summed into its days, which is exact when its days start on full UTC hours.
 */
export async function daySource(repository: StatisticsRepository, siteId: number, range: DayRange): Promise<DaySource> {
  if (await repository.daysCountedIn(siteId, range)) return 'day';
  const { timeZone } = range;
  if (!startsOnWholeHours(range)) {
    throw new HttpError(400, 'statistics.timeZoneNotExact', 'errors.statisticsTimeZoneNotExact', { timeZone });
  }
  const firstHour = await repository.daysWithoutHours(siteId, range);
  if (firstHour !== null) {
    throw new HttpError(400, 'statistics.hoursMissing', 'errors.statisticsHoursMissing', {
      timeZone,
      date: firstHour || '–',
    });
  }
  return 'hour';
}

/** The series the query asks for, in the order shown; unknown groups or serials of the site answer 404. */
async function seriesHeads(repository: StatisticsRepository, query: StatisticsQuery): Promise<SeriesHead[]> {
  const siteId = query.operatingSiteId;
  if (query.groupBy === 'organization') return [{ key: 'organization', label: await repository.siteName(siteId) }];
  if (query.groupBy === 'group') {
    const ids = [...new Set(query.groupIds)];
    const groups = await repository.groups(siteId, ids);
    const missing = ids.find((id) => !groups.some((group) => group.id === id));
    if (missing !== undefined) {
      throw new HttpError(404, 'batteryGroups.notFound', 'errors.batteryGroupNotFound', { id: missing });
    }
    return groups.map((group) => ({ key: String(group.id), label: group.name }));
  }
  const serials = [...new Set(query.serials)];
  const batteries = new Map(
    (await repository.batteries(siteId, serials)).map((battery) => [battery.serialNumber, battery]),
  );
  const missing = serials.filter((serial) => !batteries.has(serial));
  if (missing.length > 0) throw batteriesNotFound(missing);
  return serials.map((serial) => ({ key: serial, label: batteries.get(serial)?.batteryName || serial }));
}

export async function loadStatistics(
  repository: StatisticsRepository,
  query: StatisticsQuery,
): Promise<StatisticsResponse> {
  const range = dayRange(query.from, query.to, query.timeZone);
  const heads = await seriesHeads(repository, query);
  const selection: Selection = {
    siteId: query.operatingSiteId,
    range,
    granularity: query.granularity,
    groupBy: query.groupBy,
    keys: heads.map((head) => (query.groupBy === 'group' ? Number(head.key) : head.key)),
  };
  const periods = periodsOf(range, query.granularity);
  const metrics: readonly string[] = STATISTICS_METRICS[query.type];
  const boxMetrics: readonly string[] = START_SOC_BOX_METRICS;
  const series = heads.map((head) => ({
    ...head,
    values: Object.fromEntries(
      metrics.map((metric) => [metric, periods.map(() => (boxMetrics.includes(metric) ? null : 0))]),
    ) as Record<string, (number | null)[]>,
  }));
  const byKey = new Map(series.map((entry) => [entry.key, entry.values]));
  const periodIndex = new Map(periods.map((period, index) => [period, index]));
  const put = (period: string, key: string, figures: Record<string, number>) => {
    const values = byKey.get(key);
    const index = periodIndex.get(period);
    if (!values || index === undefined) return;
    for (const metric of metrics) (values[metric] as (number | null)[])[index] = figures[metric] ?? null;
  };

  if (query.type === 'startsoc') {
    for (const { period, key, buckets, ...box } of await repository.startSoc(selection)) {
      const [below20, below40, below60, below80, upTo100] = buckets;
      put(period, key, { below20, below40, below60, below80, upTo100, ...box });
    }
  } else {
    const source = await daySource(repository, query.operatingSiteId, range);
    const figures: readonly EnergyFigure[] = STATISTICS_METRICS[query.type];
    const indexAt = new Map(periods.map((period, index) => [daysBetween(range.firstDate, period), index]));
    for (const row of await repository.energySeries(selection, source, figures)) {
      const values = byKey.get(row.key);
      row.offsets.forEach((offset, n) => {
        const index = indexAt.get(offset);
        if (!values || index === undefined) return;
        for (const figure of figures) (values[figure] as (number | null)[])[index] = row[figure]?.[n] ?? null;
      });
    }
  }
  const { type, groupBy, granularity, timeZone } = query;
  return { type, groupBy, granularity, timeZone, periods, series };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
