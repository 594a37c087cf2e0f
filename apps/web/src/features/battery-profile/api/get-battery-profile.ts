import type { ProfileQuery } from '@cbm/contracts/battery-profile';
import { batteryProfileEndpoints } from '@cbm/contracts/endpoints/battery-profile';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { call } from '../../../lib/api-client';

/** GET /battery/Profile/{serial}: the battery's samples over the range, at most 1,000 points per series. */
export const batteryProfileQuery = (operatingSiteId: number, serial: string, range: TimeRange) =>
  queryOptions({
    queryKey: ['batteryProfile', operatingSiteId, serial, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      call(batteryProfileEndpoints.profile, {
        params: { serial },
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() } satisfies ProfileQuery,
      }),
  });

export const useBatteryProfile = (operatingSiteId: number, serial: string, range: TimeRange | null) =>
  useQuery({
    ...batteryProfileQuery(operatingSiteId, serial, range ?? { from: new Date(0), to: new Date(0) }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
