import type { BatteryProfile, ProfileQuery } from '@cbm/contracts/battery-profile';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';
import { PROFILE_PATH } from './get-profile-settings';

/** GET /battery/Profile/{serial}: the battery's samples over the range, at most 1,000 points per series. */
export const batteryProfileQuery = (operatingSiteId: number, serial: string, range: TimeRange) =>
  queryOptions({
    queryKey: ['batteryProfile', operatingSiteId, serial, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      api<BatteryProfile>(`${PROFILE_PATH}/${encodeURIComponent(serial)}`, {
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() } satisfies ProfileQuery,
      }),
  });

export const useBatteryProfile = (operatingSiteId: number, serial: string, range: TimeRange | null) =>
  useQuery({
    ...batteryProfileQuery(operatingSiteId, serial, range ?? { from: new Date(0), to: new Date(0) }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
