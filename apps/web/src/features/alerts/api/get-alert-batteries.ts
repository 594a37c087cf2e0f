import type { AlertProduct } from '@cbm/contracts/alerts';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET …/filter/batteries: the batteries (or charger-station units) the form offers by serial. */
export const alertBatteriesQuery = (product: AlertProduct, operatingSiteId: number) =>
  queryOptions({
    queryKey: ['alerts', product, operatingSiteId, 'batteries'],
    queryFn: () => call(alertEndpoints[product].batteries, { query: { operatingSiteId } }),
  });

export const useAlertBatteries = (product: AlertProduct, operatingSiteId: number) =>
  useQuery(alertBatteriesQuery(product, operatingSiteId));
