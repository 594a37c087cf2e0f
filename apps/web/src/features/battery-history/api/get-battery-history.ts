import type { BatteryHistory, HistoryQuery } from '@cbm/contracts/battery-history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';

export const HISTORY_PATH = '/battery/History';

/**
 * GET /battery/History/{serial} (cbm_liveview, decision 115): the trend over the hour roll-ups; without a range
 * the server picks the last days with data.
 */
export const useBatteryHistory = (operatingSiteId: number, serial: string, range: TimeRange | null) =>
  useQuery({
    queryKey: ['batteryHistory', operatingSiteId, serial, range?.from.toISOString(), range?.to.toISOString()],
    queryFn: () =>
      api<BatteryHistory>(`${HISTORY_PATH}/${encodeURIComponent(serial)}`, {
        query: {
          operatingSiteId,
          ...(range && { from: range.from.toISOString(), to: range.to.toISOString() }),
        } satisfies HistoryQuery,
      }),
    placeholderData: keepPreviousData,
  });
