import type { AlertProduct } from '@cbm/contracts/alerts';
import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath } from '../alert-list';

/** GET …/filter/groups: the site's battery groups (charger-station alerts have none). */
export const alertGroupsQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'groups'],
    queryFn: () => api<BatteryGroup[]>(`${alertPath(product)}/filter/groups`, { query: { operatingSiteId } }),
  });

export const useAlertGroups = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertGroupsQuery(product, operatingSiteId));
