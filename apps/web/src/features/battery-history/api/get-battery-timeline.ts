import type { HistoryRangeQuery } from '@cbm/contracts/battery-history';
import { batteryHistoryEndpoints } from '@cbm/contracts/endpoints/battery-history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/History/{serial}/timeline (cbm_liveview): the range's events and alarms, newest first. */
export const useBatteryTimeline = (
  operatingSiteId: number,
  serial: string,
  range: { from: string; to: string } | null,
) =>
  useQuery({
    queryKey: ['batteryTimeline', operatingSiteId, serial, range?.from, range?.to],
    queryFn: () =>
      call(batteryHistoryEndpoints.timeline, {
        params: { serial },
        query: { operatingSiteId, from: range?.from ?? '', to: range?.to ?? '' } satisfies HistoryRangeQuery,
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
