import type { BatteryTimeline, HistoryRangeQuery } from '@cbm/contracts/battery-history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HISTORY_PATH } from './get-battery-history';

/** GET /battery/History/{serial}/timeline (cbm_liveview): the range's events and alarms, newest first. */
export const useBatteryTimeline = (
  operatingSiteId: number,
  serial: string,
  range: { from: string; to: string } | null,
) =>
  useQuery({
    queryKey: ['batteryTimeline', operatingSiteId, serial, range?.from, range?.to],
    queryFn: () =>
      api<BatteryTimeline>(`${HISTORY_PATH}/${encodeURIComponent(serial)}/timeline`, {
        query: { operatingSiteId, from: range?.from ?? '', to: range?.to ?? '' } satisfies HistoryRangeQuery,
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
