import type { AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /Alert or /mdload/MdloadAlert: the site's alerts. */
export const alertsQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId],
    queryFn: () => call(alertEndpoints[product].list, { query: { operatingSiteId } }),
  });

export const useAlerts = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertsQuery(product, operatingSiteId));
