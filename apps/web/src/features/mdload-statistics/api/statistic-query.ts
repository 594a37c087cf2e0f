import type { MdloadStatisticQuery } from '@cbm/contracts/mdload-statistics';
import type { TimeRange } from '../../../components/time-range/quick-range';

/**
 * What every series call takes: the site, the zone, and the chosen days from day start to the next day's start (API
 * calls).
 */
export interface StatisticParams {
  operatingSiteId: number;
  timeZone: string;
  range: TimeRange;
}

export const statisticQuery = ({ operatingSiteId, timeZone, range }: StatisticParams): MdloadStatisticQuery => ({
  operatingSiteId,
  timeZone,
  startTime: range.from.toISOString(),
  // The range's end is the next day's midnight, exclusive (adjacent ranges add up).
  endTime: range.to.toISOString(),
});

export const statisticKey = (name: string, params: StatisticParams) =>
  [
    'mdloadStatistic',
    name,
    params.operatingSiteId,
    params.timeZone,
    params.range.from.getTime(),
    params.range.to.getTime(),
  ] as const;
