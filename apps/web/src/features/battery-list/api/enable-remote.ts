import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/BatteryList/{serial}/enableremote: SSH on the battery for one hour; answers until when. */
export const enableRemote = (operatingSiteId: number, serial: string) =>
  call(batteryListEndpoints.enableRemote, {
    params: { serial },
    query: { operatingSiteId },
  });

export const useEnableRemote = (operatingSiteId: number) =>
  useMutation({ mutationFn: (serial: string) => enableRemote(operatingSiteId, serial) });
