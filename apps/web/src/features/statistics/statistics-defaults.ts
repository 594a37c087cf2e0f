import { STATISTICS_TYPES, type StatisticsQuery, statisticsQuerySchema } from '@cbm/contracts/statistics';
import { quickRange } from '../../components/time-range/quick-range';

/** What the page opens with (decision 035): the first type, the whole site, by day, over last month. */
export const STATISTICS_DEFAULTS = { type: STATISTICS_TYPES[0], groupBy: 'organization', granularity: 'day' } as const;
export const DEFAULT_STATISTICS_RANGE = 'lastMonth';

/** The query shown before the user submits the form: the defaults in the site's own time zone. */
export function defaultStatisticsQuery(operatingSiteId: number, timeZone: string, now = new Date()): StatisticsQuery {
  const range = quickRange(DEFAULT_STATISTICS_RANGE, timeZone, now);
  return statisticsQuerySchema.parse({
    operatingSiteId,
    ...STATISTICS_DEFAULTS,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    timeZone,
    groupIds: [],
    serials: [],
  });
}
