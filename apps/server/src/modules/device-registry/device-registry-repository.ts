import { mqttUsername, type RegisteredDevice, type RegistryClass } from '@cbm/contracts/device-registry';
import type { Queryable } from '../../db/database';

/** What the broker needs to know of a registered device or gateway. */
export interface DeviceCredential {
  deviceClass: RegistryClass;
  serialNumber: string;
  operatingSiteId: number | null;
  secretHash: string;
  certFingerprint: string | null;
  revoked: boolean;
}

/** A credential another process may have changed, as it stands now. */
export interface ChangedCredential {
  deviceClass: RegistryClass;
  serialNumber: string;
  username: string;
  revoked: boolean;
}

export interface NewCredential {
  deviceClass: RegistryClass;
  serialNumber: string;
  operatingSiteId: number | null;
  deviceType: string;
  secretHash: string;
  certFingerprint: string | null;
}

interface DeviceRow {
  device_class: RegisteredDevice['deviceClass'];
  serial_number: string;
  device_type: string;
  operating_site_id: number;
  cert_fingerprint: string | null;
  registered_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  online: boolean | null;
  last_seen_at: Date | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDevice(row: DeviceRow): RegisteredDevice {
  return {
    deviceClass: row.device_class,
    serialNumber: row.serial_number,
    deviceType: row.device_type,
    operatingSiteId: row.operating_site_id,
    mqttUsername: mqttUsername(row.device_class, row.serial_number),
    status: row.revoked_at ? 'revoked' : row.online ? 'connected' : 'registered',
    certFingerprint: row.cert_fingerprint,
    registeredAt: iso(row.registered_at) as string,
    rotatedAt: iso(row.rotated_at),
    revokedAt: iso(row.revoked_at),
    lastSeenAt: iso(row.last_seen_at),
  };
}

// The newest connection change says whether the device is connected; the newest of it and the device's data is
// when it was last seen.
const DEVICE_SELECT = `
  SELECT c.device_class, c.serial_number, c.device_type, c.operating_site_id, c.cert_fingerprint,
         c.registered_at, c.rotated_at, c.revoked_at, conn.online,
         greatest(conn.ts, b.last_data_timestamp, m.last_data_timestamp) AS last_seen_at
    FROM device_credential c
    LEFT JOIN LATERAL (
      SELECT online, ts FROM device_connection d
       WHERE d.device_class = c.device_class AND d.serial_number = c.serial_number
       ORDER BY ts DESC, online LIMIT 1
    ) conn ON true
    LEFT JOIN battery b ON c.device_class = 'battery' AND b.serial_number = c.serial_number
    LEFT JOIN mdload_unit m ON c.device_class = 'mdload' AND m.mdload_serial = c.serial_number`;

export function deviceRegistryRepository(db: Queryable) {
  return {
    async list(siteId: number): Promise<RegisteredDevice[]> {
      const rows = await db.query<DeviceRow>(
        `${DEVICE_SELECT} WHERE c.operating_site_id = $1 AND c.device_class <> 'gateway'
          ORDER BY c.device_class, c.serial_number`,
        [siteId],
      );
      return rows.map(toDevice);
    },

    async device(deviceClass: string, serial: string): Promise<RegisteredDevice | undefined> {
      const [row] = await db.query<DeviceRow>(`${DEVICE_SELECT} WHERE c.device_class = $1 AND c.serial_number = $2`, [
        deviceClass,
        serial,
      ]);
      return row && toDevice(row);
    },

    /** The credential behind an MQTT username, or undefined for one nobody registered. */
    async credential(deviceClass: string, serial: string): Promise<DeviceCredential | undefined> {
      const [row] = await db.query<{
        operating_site_id: number | null;
        secret_hash: string;
        cert_fingerprint: string | null;
        revoked: boolean;
      }>(
        `SELECT operating_site_id, secret_hash, cert_fingerprint, revoked_at IS NOT NULL AS revoked
           FROM device_credential WHERE device_class = $1 AND serial_number = $2`,
        [deviceClass, serial],
      );
      if (!row) return undefined;
      return {
        deviceClass: deviceClass as RegistryClass,
        serialNumber: serial,
        operatingSiteId: row.operating_site_id,
        secretHash: row.secret_hash,
        certFingerprint: row.cert_fingerprint,
        revoked: row.revoked,
      };
    },

    /** Inserts the credentials that do not exist yet; answers the (class, serial) pairs inserted. */
    async insert(credentials: readonly NewCredential[]): Promise<Set<string>> {
      if (credentials.length === 0) return new Set();
      const rows = await db.query<{ device_class: string; serial_number: string }>(
        `INSERT INTO device_credential (device_class, serial_number, operating_site_id, device_type, secret_hash,
                                        cert_fingerprint)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[])
         ON CONFLICT (device_class, serial_number) DO NOTHING
         RETURNING device_class, serial_number`,
        [
          credentials.map((c) => c.deviceClass),
          credentials.map((c) => c.serialNumber),
          credentials.map((c) => c.operatingSiteId),
          credentials.map((c) => c.deviceType),
          credentials.map((c) => c.secretHash),
          credentials.map((c) => c.certFingerprint),
        ],
      );
      return new Set(rows.map((row) => `${row.device_class}/${row.serial_number}`));
    },

    /** A new secret (and the revocation lifted); false when the device is not registered. */
    async rotate(deviceClass: string, serial: string, secretHash: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE device_credential
            SET secret_hash = $3, rotated_at = now(), revoked_at = NULL, changed_at = clock_timestamp()
          WHERE device_class = $1 AND serial_number = $2 RETURNING 1`,
        [deviceClass, serial, secretHash],
      );
      return rows.length > 0;
    },

    /** Revokes the credential; false when the device is not registered or revoked already. */
    async revoke(deviceClass: string, serial: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE device_credential SET revoked_at = now(), changed_at = clock_timestamp()
          WHERE device_class = $1 AND serial_number = $2 AND revoked_at IS NULL RETURNING 1`,
        [deviceClass, serial],
      );
      return rows.length > 0;
    },

    /**
     * Credentials changed after `since` (another process may have registered, rotated or revoked them), each as it
     * stands now, and the newest change.
     */
    // The cursor stays the database's text: a JavaScript Date would cut off its microseconds.
    async changedSince(since: string): Promise<{ changes: ChangedCredential[]; latest: string }> {
      const rows = await db.query<{
        device_class: RegistryClass;
        serial_number: string;
        revoked: boolean;
        changed_at: string;
      }>(
        `SELECT device_class, serial_number, revoked_at IS NOT NULL AS revoked, changed_at::text AS changed_at
           FROM device_credential
          WHERE changed_at > $1::timestamptz ORDER BY device_credential.changed_at LIMIT 10000`,
        [since],
      );
      return {
        changes: rows.map((row) => ({
          deviceClass: row.device_class,
          serialNumber: row.serial_number,
          username: mqttUsername(row.device_class, row.serial_number),
          revoked: row.revoked,
        })),
        latest: rows.at(-1)?.changed_at ?? since,
      };
    },

    /** The newest change, where watching for later ones starts. */
    async latestChange(): Promise<string> {
      const [row] = await db.query<{ latest: string }>(
        'SELECT coalesce(max(changed_at), clock_timestamp())::text AS latest FROM device_credential',
      );
      return row?.latest as string;
    },

    /** Every credential, for the external broker's password and ACL files (broker-sync). */
    async all(): Promise<(DeviceCredential & { username: string })[]> {
      const rows = await db.query<{
        device_class: RegistryClass;
        serial_number: string;
        operating_site_id: number | null;
        secret_hash: string;
        cert_fingerprint: string | null;
        revoked: boolean;
      }>(
        `SELECT device_class, serial_number, operating_site_id, secret_hash, cert_fingerprint,
                revoked_at IS NOT NULL AS revoked
           FROM device_credential ORDER BY device_class, serial_number`,
      );
      return rows.map((row) => ({
        username: mqttUsername(row.device_class, row.serial_number),
        deviceClass: row.device_class,
        serialNumber: row.serial_number,
        operatingSiteId: row.operating_site_id,
        secretHash: row.secret_hash,
        certFingerprint: row.cert_fingerprint,
        revoked: row.revoked,
      }));
    },
  };
}
export type DeviceRegistryRepository = ReturnType<typeof deviceRegistryRepository>;
