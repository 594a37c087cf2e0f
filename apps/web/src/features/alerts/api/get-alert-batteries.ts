import type { AlertBattery, AlertProduct } from '@cbm/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath } from '../alert-list';

/** GET …/filter/batteries: the batteries (or charger-station units) the form offers by serial. */
export const alertBatteriesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'batteries'],
    queryFn: () => api<AlertBattery[]>(`${alertPath(product)}/filter/batteries`, { query: { operatingSiteId } }),
  });

export const useAlertBatteries = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertBatteriesQuery(product, operatingSiteId));
