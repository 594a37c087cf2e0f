import type { BatteryListQuery } from '@cbm/contracts/battery-list';
import { LIVE_VIEW_MAX_ITEMS } from '@cbm/contracts/constants';
import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryList: every battery of the sites with every field (API calls). */
export const batteryListQuery = (operatingSiteIds: readonly number[]) =>
  queryOptions({
    queryKey: ['batteryList', ...operatingSiteIds],
    queryFn: () =>
      call(batteryListEndpoints.list, {
        query: { operatingSiteIds, offset: 0, limit: LIVE_VIEW_MAX_ITEMS } satisfies BatteryListQuery,
      }),
    staleTime: 30_000,
  });

export const useBatteryList = (operatingSiteIds: readonly number[]) => useQuery(batteryListQuery(operatingSiteIds));
