import type { ExpectedVersions } from '@cbm/contracts/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BATTERY_LIST_PATH } from './get-battery-list';

/** GET /battery/BatteryList/filters/expectedVersions: the versions each battery type of the site's organisation should run. */
export const expectedVersionsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['batteryList', 'expectedVersions', operatingSiteId],
    queryFn: () =>
      api<ExpectedVersions>(`${BATTERY_LIST_PATH}/filters/expectedVersions`, { query: { operatingSiteId } }),
    staleTime: 60_000,
  });

export const useExpectedVersions = (operatingSiteId: number) => useQuery(expectedVersionsQuery(operatingSiteId));
