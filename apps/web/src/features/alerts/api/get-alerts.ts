import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath } from '../alert-list';

/** GET /Alert or /mdload/MdloadAlert: the site's alerts. */
export const alertsQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId],
    queryFn: () => api<Alert[]>(alertPath(product), { query: { operatingSiteId } }),
  });

export const useAlerts = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertsQuery(product, operatingSiteId));
