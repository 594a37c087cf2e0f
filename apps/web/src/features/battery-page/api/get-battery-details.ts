import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryList/{serial} (cbm_view): every entity field of the battery, its versions included. */
export const batteryDetailsQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['batteryList', 'one', operatingSiteId, serial],
    queryFn: () => call(batteryListEndpoints.battery, { params: { serial }, query: { operatingSiteId } }),
  });

export const useBatteryDetails = (operatingSiteId: number, serial: string, enabled: boolean) =>
  useQuery({ ...batteryDetailsQuery(operatingSiteId, serial), enabled });
