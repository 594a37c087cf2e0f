import type { HistoryQuery } from '@cbm/contracts/battery-history';
import { batteryHistoryEndpoints } from '@cbm/contracts/endpoints/battery-history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { call } from '../../../lib/api-client';

/**
 * GET /battery/History/{serial} (cbm_liveview, decision 115): the trend over the hour roll-ups; without a range
 * the server picks the last days with data.
 */
export const useBatteryHistory = (operatingSiteId: number, serial: string, range: TimeRange | null) =>
  useQuery({
    queryKey: ['batteryHistory', operatingSiteId, serial, range?.from.toISOString(), range?.to.toISOString()],
    queryFn: () =>
      call(batteryHistoryEndpoints.history, {
        params: { serial },
        query: {
          operatingSiteId,
          ...(range && { from: range.from.toISOString(), to: range.to.toISOString() }),
        } satisfies HistoryQuery,
      }),
    placeholderData: keepPreviousData,
  });
