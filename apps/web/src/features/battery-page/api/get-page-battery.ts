import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLiveBattery } from '../../live-view';

/** GET /battery/BatteryLiveView/{serial}: the battery's live state, name and group for the page's header. */
export const pageBatteryQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['batteryPage', operatingSiteId, serial],
    queryFn: () => getLiveBattery(operatingSiteId, serial),
  });

export const usePageBattery = (operatingSiteId: number, serial: string) =>
  useQuery(pageBatteryQuery(operatingSiteId, serial));
