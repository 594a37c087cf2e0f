import type { AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import { alertDevices } from '../alerts/alert-service';
import type { AlarmDevice } from './alarm-mails';

/** Names of the devices and their sites, read only when an alarm opens or clears. */
export async function deviceNames(
  tx: Queryable,
  product: AlertProduct,
  serials: readonly string[],
): Promise<Map<string, AlarmDevice>> {
  const devices = alertDevices(tx);
  const targets = await devices.targets(product, [...new Set(serials)]);
  const sites = await devices.sites([...new Set([...targets.values()].map((target) => target.operatingSiteId))]);
  return new Map(
    [...targets.values()].map((target) => {
      const site = sites.get(target.operatingSiteId);
      const device = {
        serialNumber: target.serialNumber,
        deviceName: target.name,
        siteName: site?.name ?? '',
        timeZone: site?.timeZone ?? 'UTC',
      };
      return [target.serialNumber, device];
    }),
  );
}

/** Until the names are read: the serial stands for the device. */
export const unnamed = (serialNumber: string): AlarmDevice => ({
  serialNumber,
  deviceName: serialNumber,
  siteName: '',
  timeZone: 'UTC',
});
