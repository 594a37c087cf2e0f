import { readFile } from 'node:fs/promises';
import { serialSchema } from '@cbm/contracts/device-protocol';
import { deviceClassSchema, GATEWAY_CLASS, REGISTRY_CLASSES, type RegistryClass } from '@cbm/contracts/device-registry';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { translate } from '../../i18n/messages';
import { type BrokerSyncValues, type BrokerUrls, brokerSync, cliBrokerUsers } from './broker-sync';
import { DeviceCsvError, parseDeviceCsv } from './device-csv';
import { deviceRegistryRepository } from './device-registry-repository';
import { type DeviceRegistryService, deviceRegistryService } from './device-registry-service';

export const DEVICE_USAGE = `  devices register --site ID --class C --serial S --type T [--cert-fingerprint F]
                                                 register a battery, charger or mdload; prints its secret once
  devices import --file F                        register the devices of a CSV file (serial,class,type,site)
  devices rotate --class C --serial S            new credentials (prints the secret once; lifts a revocation)
  devices revoke --class C --serial S            revoke: the device (or gateway) is disconnected and cannot connect
  devices gateway --serial NAME                  register a gateway (simulator, load test: may carry every
                                                 device), or give it new credentials; prints its secret once
  devices broker-sync --password-file F --acl-file F [--pid N]
                                                 write Mosquitto's password and ACL files from the registry
                                                 (and MQTT_URL's user for the platform), then SIGHUP pid N
  devices broker-sync --dynsec-file F            write the dynamic-security plugin's file from the registry
                                                 (and MQTT_URL's and MQTT_DYNSEC_URL's users); Mosquitto stopped
  devices broker-sync --dynsec                   the running plugin (MQTT_DYNSEC_URL): disable every revoked
                                                 device, name the devices it lacks`;

export interface DeviceCliValues extends BrokerSyncValues {
  site?: string;
  class?: string;
  serial?: string;
  type?: string;
  'cert-fingerprint'?: string;
  file?: string;
}

const CLI_ACTOR = { userId: null, email: 'cli' };

const need = (value: string | undefined, name: string) => {
  if (!value) throw new Error(`--${name} is required\n${DEVICE_USAGE}`);
  return value;
};

const printCredentials = (entry: { username: string; clientId: string; secret: string }) =>
  console.log(`username ${entry.username}\nclient id ${entry.clientId}\nsecret ${entry.secret}  (shown once)`);

/** The `devices …` commands of `npm run cli` (docs/decisions/021-device-registry.md); errors in English. */
export async function runDeviceCommand(
  db: Database,
  command: string | undefined,
  values: DeviceCliValues,
  urls: BrokerUrls = {},
) {
  try {
    if (command === 'broker-sync') return await brokerSync(db, values, urls);
    const brokerUsers = await cliBrokerUsers(urls);
    try {
      await deviceCommand(deviceRegistryService(db, brokerUsers.onChanged), db, command, values);
    } finally {
      await brokerUsers.finish();
    }
  } catch (error) {
    if (error instanceof HttpError || error instanceof DeviceCsvError) {
      throw new Error(translate('en', error.messageKey, error.values));
    }
    throw error;
  }
}

async function deviceCommand(
  registry: DeviceRegistryService,
  db: Database,
  command: string | undefined,
  values: DeviceCliValues,
) {
  const repository = deviceRegistryRepository(db);
  const existing = async (deviceClass: RegistryClass) => {
    const serial = serialSchema.parse(need(values.serial, 'serial'));
    const device = await repository.device(deviceClass, serial);
    if (!device) throw new Error(`${deviceClass}-${serial} is not registered`);
    return { deviceClass, serialNumber: serial, operatingSiteId: device.operatingSiteId };
  };
  switch (command) {
    case 'register': {
      const { registered } = await registry.register(CLI_ACTOR, [
        {
          deviceClass: deviceClassSchema.parse(need(values.class, 'class')),
          serialNumber: serialSchema.parse(need(values.serial, 'serial')),
          deviceType: need(values.type, 'type'),
          operatingSiteId: Number(need(values.site, 'site')),
          certFingerprint: values['cert-fingerprint']?.replaceAll(':', '').toLowerCase() ?? null,
        },
      ]);
      return printCredentials(registered[0] as (typeof registered)[number]);
    }
    case 'import': {
      const items = parseDeviceCsv(await readFile(need(values.file, 'file')));
      const { registered, skipped } = await registry.register(CLI_ACTOR, items, false);
      console.log('username,client id,secret');
      for (const entry of registered) console.log(`${entry.username},${entry.clientId},${entry.secret}`);
      return console.error(`Registered ${registered.length}, skipped ${skipped.length} registered already.`);
    }
    case 'rotate':
      return printCredentials(await registry.rotate(CLI_ACTOR, await existing(deviceClassSchema.parse(values.class))));
    case 'revoke':
      // A gateway too: one made for a load test is revoked when the test is over.
      await registry.revoke(CLI_ACTOR, await existing(z.enum(REGISTRY_CLASSES).parse(values.class)));
      return console.log(`Revoked ${values.class}-${values.serial}.`);
    case 'gateway': {
      const serialNumber = serialSchema.parse(need(values.serial, 'serial'));
      const gateway = { deviceClass: GATEWAY_CLASS, serialNumber, operatingSiteId: null } as const;
      const { registered } = await registry.register(CLI_ACTOR, [{ ...gateway, deviceType: 'gateway' }], false);
      return printCredentials(registered[0] ?? (await registry.rotate(CLI_ACTOR, gateway)));
    }
    default:
      throw new Error(`Unknown devices command\n${DEVICE_USAGE}`);
  }
}
