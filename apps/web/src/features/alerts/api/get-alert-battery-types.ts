import type { AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET …/filter/batteryTypes: the battery types at the site (for charger stations: the stations' battery models). */
export const alertBatteryTypesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'batteryTypes'],
    queryFn: () => call(alertEndpoints[product].batteryTypes, { query: { operatingSiteId } }),
  });

export const useAlertBatteryTypes = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertBatteryTypesQuery(product, operatingSiteId));
