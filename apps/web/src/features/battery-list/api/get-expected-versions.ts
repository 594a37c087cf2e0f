import type { ExpectedVersions } from '@cbm/contracts/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BATTERY_LIST_PATH } from './get-battery-list';

/** GET /battery/BatteryList/filters/expectedVersions: the versions each battery type should run. */
export const expectedVersionsQuery = () =>
  queryOptions({
    queryKey: ['batteryList', 'expectedVersions'],
    queryFn: () => api<ExpectedVersions>(`${BATTERY_LIST_PATH}/filters/expectedVersions`),
    staleTime: 60_000,
  });

export const useExpectedVersions = () => useQuery(expectedVersionsQuery());
