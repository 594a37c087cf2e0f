import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryList/filters/expectedVersions: the versions each battery type of the site's organisation should run. */
export const expectedVersionsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['batteryList', 'expectedVersions', operatingSiteId],
    queryFn: () => call(batteryListEndpoints.expectedVersions, { query: { operatingSiteId } }),
    staleTime: 60_000,
  });

export const useExpectedVersions = (operatingSiteId: number) => useQuery(expectedVersionsQuery(operatingSiteId));
