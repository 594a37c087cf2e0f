import { batteryGroupsEndpoints } from '@cbm/contracts/endpoints/battery-groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /BatteryGroup: the site's groups by name. */
export const batteryGroupsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['batteryGroups', operatingSiteId],
    queryFn: () => call(batteryGroupsEndpoints.list, { query: { operatingSiteId } }),
  });

export const useBatteryGroups = (operatingSiteId: number) => useQuery(batteryGroupsQuery(operatingSiteId));
