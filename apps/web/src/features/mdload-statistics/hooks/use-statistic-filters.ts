import { useMemo, useState } from 'react';
import { quickRange, type TimeRange } from '../../../components/time-range/quick-range';
import { useSiteId, useTimeZoneChoice } from '../../sites';
import { DEFAULT_STATISTICS_RANGE } from '../../statistics';
import { useAvailableTime } from '../api/get-available-time';
import type { StatisticParams } from '../api/statistic-query';

const fromSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? undefined : new Date(seconds * 1000);

/**
 * The site, time zone (the site's own unless chosen, decision 027) and range the charts show, starting like the
 * battery statistics with last month in that zone (closed days, never into the future); the picker is limited to
 * the days that have data. A quick range follows the zone.
 */
export function useStatisticFilters() {
  const siteId = useSiteId();
  const [timeZone, setTimeZone] = useTimeZoneChoice(siteId);
  const [chosenRange, setRange] = useState<TimeRange>(() => quickRange(DEFAULT_STATISTICS_RANGE, timeZone));
  const range = useMemo(
    () => (chosenRange.quickRange ? quickRange(chosenRange.quickRange, timeZone) : chosenRange),
    [chosenRange, timeZone],
  );
  const available = useAvailableTime(siteId);
  const params: StatisticParams | null = Number.isInteger(siteId) ? { operatingSiteId: siteId, timeZone, range } : null;
  return {
    timeZone,
    setTimeZone,
    range,
    setRange,
    params,
    minDate: fromSeconds(available.data?.minStartTime),
    maxDate: fromSeconds(available.data?.maxEndTime),
    hasData: available.data ? available.data.minStartTime !== null : undefined,
  };
}
