import { STATISTICS_DEFAULT_TIME_ZONE } from '@cbm/contracts/constants';
import { useState } from 'react';
import { useParams } from 'react-router';
import { quickRange, type TimeRange } from '../../../components/time-range/quick-range';
import { useAvailableTime } from '../api/get-available-time';
import type { StatisticParams } from '../api/statistic-query';

const fromSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? undefined : new Date(seconds * 1000);

/**
 * The site, time zone (spec §9: Europe/Berlin unless chosen) and range the charts show, starting with this week;
 * the picker is limited to the days that have data. A quick range is recomputed when the zone changes.
 */
export function useStatisticFilters() {
  const siteId = Number(useParams().premise);
  const [timeZone, setTimeZoneState] = useState(STATISTICS_DEFAULT_TIME_ZONE);
  const [range, setRange] = useState<TimeRange>(() => quickRange('thisWeek', STATISTICS_DEFAULT_TIME_ZONE));
  const available = useAvailableTime(siteId);
  const setTimeZone = (zone: string) => {
    setTimeZoneState(zone);
    if (range.quickRange) setRange(quickRange(range.quickRange, zone));
  };
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
