import type { ChargeSessions, ProfileQuery } from '@cbm/contracts/battery-profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';
import { PROFILE_PATH } from '../../battery-profile';

/** GET /battery/Profile/{serial}/sessions (cbm_view): the charge sessions overlapping the range, newest first. */
export const useChargeSessions = (operatingSiteId: number, serial: string, range: TimeRange) =>
  useQuery({
    queryKey: ['chargeSessions', operatingSiteId, serial, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      api<ChargeSessions>(`${PROFILE_PATH}/${encodeURIComponent(serial)}/sessions`, {
        query: {
          operatingSiteId,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
        } satisfies ProfileQuery,
      }),
    placeholderData: keepPreviousData,
  });
