import type { ProfileQuery } from '@cbm/contracts/battery-profile';
import { batteryProfileEndpoints } from '@cbm/contracts/endpoints/battery-profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { call } from '../../../lib/api-client';

/** GET /battery/Profile/{serial}/sessions (cbm_view): the charge sessions overlapping the range, newest first. */
export const useChargeSessions = (operatingSiteId: number, serial: string, range: TimeRange) =>
  useQuery({
    queryKey: ['chargeSessions', operatingSiteId, serial, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      call(batteryProfileEndpoints.chargeSessions, {
        params: { serial },
        query: {
          operatingSiteId,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
        } satisfies ProfileQuery,
      }),
    placeholderData: keepPreviousData,
  });
