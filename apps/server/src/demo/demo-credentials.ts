import { mqttUsername } from '@cbm/contracts/device-registry';
import type { DeviceAddress, FleetLogins, Login } from '@cbm/simulator/transport/transport';
import type { Queryable } from '../db/database';
import { generateSecret, hashSecret } from '../modules/device-registry/device-secret';

/**
 * Fresh credentials for the in-process demo fleet, minted at every start and held in memory only (decision 021):
 * each demo device is registered at its site (or gets a new secret; a device an administrator revoked stays
 * revoked and stays out). No audit entry: these are the demo's own devices, not an administrator's change.
 */
export async function demoLogins(db: Queryable, devices: readonly DeviceAddress[]): Promise<FleetLogins> {
  const secrets = devices.map(() => generateSecret());
  const hashes = await Promise.all(secrets.map((secret) => hashSecret(secret)));
  await db.query(
    `INSERT INTO device_credential (device_class, serial_number, operating_site_id, device_type, secret_hash)
     SELECT x.cls, x.serial, coalesce(b.operating_site_id, c.operating_site_id, m.operating_site_id),
            coalesce(b.battery_type, c.model, 'mdload'), x.hash
       FROM unnest($1::text[], $2::text[], $3::text[]) AS x (cls, serial, hash)
       LEFT JOIN battery b ON x.cls = 'battery' AND b.serial_number = x.serial
       LEFT JOIN charger c ON x.cls = 'charger' AND c.serial_number = x.serial
       LEFT JOIN mdload_unit m ON x.cls = 'mdload' AND m.mdload_serial = x.serial
      WHERE coalesce(b.operating_site_id, c.operating_site_id, m.operating_site_id) IS NOT NULL
     ON CONFLICT (device_class, serial_number) DO UPDATE
        SET secret_hash = EXCLUDED.secret_hash, changed_at = clock_timestamp()
      WHERE device_credential.revoked_at IS NULL`,
    [devices.map((device) => device.deviceClass), devices.map((device) => device.serial), hashes],
  );
  const logins = new Map<string, Login>(
    devices.map((device, index) => {
      const username = mqttUsername(device.deviceClass, device.serial);
      return [username, { username, password: secrets[index] as string }];
    }),
  );
  return { device: (device) => logins.get(mqttUsername(device.deviceClass, device.serial)) };
}
