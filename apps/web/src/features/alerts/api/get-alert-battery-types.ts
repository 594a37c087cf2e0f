import type { AlertProduct } from '@cbm/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPath } from '../alert-list';

/** GET …/filter/batteryTypes: the battery types at the site (for charger stations: the stations' battery models). */
export const alertBatteryTypesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'batteryTypes'],
    queryFn: () => api<string[]>(`${alertPath(product)}/filter/batteryTypes`, { query: { operatingSiteId } }),
  });

export const useAlertBatteryTypes = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertBatteryTypesQuery(product, operatingSiteId));
