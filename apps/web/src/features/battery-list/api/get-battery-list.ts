import type { BatteryListQuery, BatteryListResponse } from '@cbm/contracts/battery-list';
import { LIVE_VIEW_MAX_ITEMS } from '@cbm/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const BATTERY_LIST_PATH = '/battery/BatteryList';

/** GET /battery/BatteryList: every battery of the sites with every field (API calls). */
export const batteryListQuery = (operatingSiteIds: readonly number[]) =>
  queryOptions({
    queryKey: ['batteryList', ...operatingSiteIds],
    queryFn: () =>
      api<BatteryListResponse>(BATTERY_LIST_PATH, {
        query: { operatingSiteIds, offset: 0, limit: LIVE_VIEW_MAX_ITEMS } satisfies BatteryListQuery,
      }),
    staleTime: 30_000,
  });

export const useBatteryList = (operatingSiteIds: readonly number[]) => useQuery(batteryListQuery(operatingSiteIds));
