import type { EnableRemoteResponse } from '@cbm/contracts/battery-list';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BATTERY_LIST_PATH } from './get-battery-list';

/** GET /battery/BatteryList/{serial}/enableremote: SSH on the battery for one hour; answers until when. */
export const enableRemote = (operatingSiteId: number, serial: string) =>
  api<EnableRemoteResponse>(`${BATTERY_LIST_PATH}/${encodeURIComponent(serial)}/enableremote`, {
    query: { operatingSiteId },
  });

export const useEnableRemote = (operatingSiteId: number) =>
  useMutation({ mutationFn: (serial: string) => enableRemote(operatingSiteId, serial) });
