import type { AlertProduct } from '@cbm/contracts/alerts';
import { queryClient } from '../../lib/query-client';
import { alertBatteriesQuery } from './api/get-alert-batteries';
import { alertBatteryTypesQuery } from './api/get-alert-battery-types';
import { alertGroupsQuery } from './api/get-alert-groups';
import { alertsQuery } from './api/get-alerts';

/**
 * The route's load step (screens and routes): alerts, battery types, batteries and groups; failures are only logged.
 */
export async function loadAlerts(product: AlertProduct, operatingSiteId: number | undefined) {
  if (operatingSiteId === undefined) return;
  await Promise.all([
    queryClient.prefetchQuery(alertsQuery(product, operatingSiteId)),
    queryClient.prefetchQuery(alertBatteryTypesQuery(product, operatingSiteId)),
    queryClient.prefetchQuery(alertBatteriesQuery(product, operatingSiteId)),
    queryClient.prefetchQuery(alertGroupsQuery(product, operatingSiteId)),
  ]);
}
