import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /BatteryGroup: the site's groups by name. */
export const batteryGroupsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['batteryGroups', operatingSiteId],
    queryFn: () => api<BatteryGroup[]>('/BatteryGroup', { query: { operatingSiteId } }),
  });

export const useBatteryGroups = (operatingSiteId: number) => useQuery(batteryGroupsQuery(operatingSiteId));
