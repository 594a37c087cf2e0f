import type { AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET …/filter/groups: the site's battery groups (charger-station alerts have none). */
export const alertGroupsQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'groups'],
    queryFn: () => call(alertEndpoints[product].groups, { query: { operatingSiteId } }),
  });

export const useAlertGroups = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertGroupsQuery(product, operatingSiteId));
