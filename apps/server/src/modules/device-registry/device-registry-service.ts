import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import {
  type DeviceCredentials,
  type DeviceImportResult,
  mqttUsername,
  type RegistryClass,
} from '@cbm/contracts/device-registry';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { type AuditActor, auditRepository } from '../audit/audit-repository';
import { deviceRegistryRepository } from './device-registry-repository';
import { generateSecret, hashSecret } from './device-secret';

export interface Registration {
  deviceClass: RegistryClass;
  serialNumber: string;
  deviceType: string;
  /** Null only for a gateway. */
  operatingSiteId: number | null;
  certFingerprint?: string | null;
}

const LISTED_MAX = 10;
const key = (item: { deviceClass: string; serialNumber: string }) => `${item.deviceClass}/${item.serialNumber}`;
const listed = (names: string[]) =>
  names.length > LISTED_MAX ? `${names.slice(0, LISTED_MAX).join(', ')}, …` : names.join(', ');

export const alreadyRegistered = (items: Registration[]) =>
  new HttpError(409, 'deviceRegistry.alreadyRegistered', 'errors.deviceAlreadyRegistered', {
    devices: listed(items.map((item) => mqttUsername(item.deviceClass, item.serialNumber))),
  });
export const notRegistered = (deviceClass: RegistryClass, serial: string) =>
  new HttpError(404, 'deviceRegistry.notRegistered', 'errors.deviceNotRegistered', {
    device: mqttUsername(deviceClass, serial),
  });

/**
 * Makes the device rows a registration names where they are missing (a placeholder the admin completes later), and
 * answers the registrations whose device stands at another site.
 */
async function ensureDeviceRows(tx: Queryable, items: Registration[]): Promise<Registration[]> {
  const of = (deviceClass: RegistryClass) => items.filter((item) => item.deviceClass === deviceClass);
  const columns = (list: Registration[]) => [
    list.map((item) => item.serialNumber),
    list.map((item) => item.operatingSiteId),
    list.map((item) => item.deviceType),
  ];
  const found: { serial: string; site: number; cls: string }[] = [];
  const statements: [RegistryClass, string, string][] = [
    [
      'battery',
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
       SELECT s, site, s, t, t FROM unnest($1::text[], $2::int[], $3::text[]) AS x (s, site, t) ON CONFLICT DO NOTHING`,
      `SELECT serial_number AS serial, operating_site_id AS site, 'battery' AS cls FROM battery WHERE serial_number = ANY($1)`,
    ],
    [
      'charger',
      `INSERT INTO charger (serial_number, cid, name, model, max_power_kw, operating_site_id)
       SELECT s, s, s, t, 0, site FROM unnest($1::text[], $2::int[], $3::text[]) AS x (s, site, t) ON CONFLICT DO NOTHING`,
      `SELECT serial_number AS serial, operating_site_id AS site, 'charger' AS cls FROM charger WHERE serial_number = ANY($1)`,
    ],
    [
      'mdload',
      `INSERT INTO mdload_unit (mdload_serial, name, operating_site_id, max_power_kw)
       SELECT s, s, site, 0 FROM unnest($1::text[], $2::int[], $3::text[]) AS x (s, site, t) ON CONFLICT DO NOTHING`,
      `SELECT mdload_serial AS serial, operating_site_id AS site, 'mdload' AS cls FROM mdload_unit WHERE mdload_serial = ANY($1)`,
    ],
  ];
  for (const [deviceClass, insert, select] of statements) {
    const list = of(deviceClass);
    if (list.length === 0) continue;
    await tx.query(insert, columns(list));
    found.push(...(await tx.query<{ serial: string; site: number; cls: string }>(select, [columns(list)[0]])));
  }
  const siteOf = new Map(found.map((row) => [`${row.cls}/${row.serial}`, row.site]));
  return items.filter((item) => item.deviceClass !== 'gateway' && siteOf.get(key(item)) !== item.operatingSiteId);
}

/** A credential registered, rotated (with its new secret, known only now) or revoked (secret null). */
export interface CredentialChange {
  deviceClass: RegistryClass;
  serialNumber: string;
  username: string;
  secret: string | null;
  /** A first registration: the user has no connection a broker would have to close. */
  registered: boolean;
}

const issued = ({ device, username, secret }: DeviceCredentials, registered: boolean): CredentialChange => ({
  deviceClass: device.deviceClass,
  serialNumber: device.serialNumber,
  username,
  secret,
  registered,
});

/** Registration, rotation and revocation, each with its audit entry; `onChanged` hears every credential changed. */
export function deviceRegistryService(
  db: Database,
  onChanged: (change: CredentialChange) => Promise<void> = async () => {},
) {
  const credentialsOf = async (tx: Queryable, item: Registration, secret: string): Promise<DeviceCredentials> => {
    const device = await deviceRegistryRepository(tx).device(item.deviceClass, item.serialNumber);
    const username = mqttUsername(item.deviceClass, item.serialNumber);
    return { device: device as DeviceCredentials['device'], username, clientId: username, secret };
  };
  const auditEntry = (action: string, item: Registration, next: Record<string, unknown>) => ({
    action: action as (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS],
    entityType: 'device' as const,
    entityId: mqttUsername(item.deviceClass, item.serialNumber),
    siteIds: item.operatingSiteId === null ? [] : [item.operatingSiteId],
    next,
  });

  return {
    /**
     * Registers the devices not registered yet (all or none of them when `strict`: one registered already answers
     * 409), each with a new secret. A device whose row stands at another site fails the whole call (409).
     */
    async register(actor: AuditActor, items: Registration[], strict = true): Promise<DeviceImportResult> {
      const secrets = items.map(() => generateSecret());
      const hashes = await Promise.all(secrets.map((secret) => hashSecret(secret)));
      const result = await db.transaction(async (tx) => {
        const elsewhere = await ensureDeviceRows(tx, items);
        if (elsewhere.length > 0) throw alreadyRegistered(elsewhere);
        const inserted = await deviceRegistryRepository(tx).insert(
          items.map((item, index) => ({
            ...item,
            certFingerprint: item.certFingerprint ?? null,
            secretHash: hashes[index] as string,
          })),
        );
        const skipped = items.filter((item) => !inserted.has(key(item)));
        if (strict && skipped.length > 0) throw alreadyRegistered(skipped);
        const registered = items.flatMap((item, index) => (inserted.has(key(item)) ? [{ item, index }] : []));
        await auditRepository(tx).record(
          actor,
          registered.map(({ item }) =>
            auditEntry(AUDIT_ACTIONS.deviceRegistered, item, {
              deviceClass: item.deviceClass,
              deviceType: item.deviceType,
              certFingerprint: item.certFingerprint ?? null,
            }),
          ),
        );
        return {
          registered: await Promise.all(
            registered.map(({ item, index }) => credentialsOf(tx, item, secrets[index] as string)),
          ),
          skipped: skipped.flatMap((item) =>
            item.deviceClass === 'gateway' ? [] : [{ deviceClass: item.deviceClass, serialNumber: item.serialNumber }],
          ),
        };
      });
      for (const entry of result.registered) await onChanged(issued(entry, true));
      return result;
    },

    /** A new secret for a device of the site (the old one stops working at once; a revoked device is let in again). */
    async rotate(actor: AuditActor, item: Omit<Registration, 'deviceType'>): Promise<DeviceCredentials> {
      const secret = generateSecret();
      const hash = await hashSecret(secret);
      const credentials = await db.transaction(async (tx) => {
        const registry = deviceRegistryRepository(tx);
        const device = await registry.device(item.deviceClass, item.serialNumber);
        if (!device || device.operatingSiteId !== item.operatingSiteId) {
          throw notRegistered(item.deviceClass, item.serialNumber);
        }
        await registry.rotate(item.deviceClass, item.serialNumber, hash);
        await auditRepository(tx).record(actor, [
          auditEntry(
            AUDIT_ACTIONS.deviceCredentialsRotated,
            { ...item, deviceType: device.deviceType },
            {
              revoked: false,
            },
          ),
        ]);
        return credentialsOf(tx, { ...item, deviceType: device.deviceType }, secret);
      });
      await onChanged(issued(credentials, false));
      return credentials;
    },

    /** Revokes a device of the site; its live connection is closed at once. Revoking twice changes nothing. */
    async revoke(actor: AuditActor, item: Omit<Registration, 'deviceType'>) {
      const device = await db.transaction(async (tx) => {
        const registry = deviceRegistryRepository(tx);
        const found = await registry.device(item.deviceClass, item.serialNumber);
        if (!found || found.operatingSiteId !== item.operatingSiteId) {
          throw notRegistered(item.deviceClass, item.serialNumber);
        }
        if (await registry.revoke(item.deviceClass, item.serialNumber)) {
          await auditRepository(tx).record(actor, [
            auditEntry(AUDIT_ACTIONS.deviceRevoked, { ...item, deviceType: found.deviceType }, { revoked: true }),
          ]);
        }
        return registry.device(item.deviceClass, item.serialNumber);
      });
      const username = mqttUsername(item.deviceClass, item.serialNumber);
      const { deviceClass, serialNumber } = item;
      await onChanged({ deviceClass, serialNumber, username, secret: null, registered: false });
      return device as NonNullable<typeof device>;
    },
  };
}
export type DeviceRegistryService = ReturnType<typeof deviceRegistryService>;
