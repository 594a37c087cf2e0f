import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BATTERY_LIST_PATH } from '../../battery-list';

/** GET /battery/BatteryList/{serial} (cbm_view): every entity field of the battery, its versions included. */
export const batteryDetailsQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['batteryList', 'one', operatingSiteId, serial],
    queryFn: () =>
      api<BatteryListItem>(`${BATTERY_LIST_PATH}/${encodeURIComponent(serial)}`, { query: { operatingSiteId } }),
  });

export const useBatteryDetails = (operatingSiteId: number, serial: string, enabled: boolean) =>
  useQuery({ ...batteryDetailsQuery(operatingSiteId, serial), enabled });
