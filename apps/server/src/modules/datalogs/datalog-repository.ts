import {
  DATALOG_LIST_LIMIT,
  type Datalog,
  type DatalogBattery,
  type DatalogFailure,
  type DatalogStatus,
} from '@cbm/contracts/datalogs';
import type { Queryable } from '../../db/database';

interface DatalogRow {
  id: number;
  battery_serial_number: string;
  battery_name: string;
  status: DatalogStatus;
  requested_by: string | null;
  requested_at: Date;
  uploaded_at: Date | null;
  expires_at: Date | null;
  size_bytes: string | number | null;
  sha256: string | null;
  failure: DatalogFailure | null;
  failure_detail: string | null;
  storage_key: string | null;
}

/** A datalog with where its zip is stored (never sent to clients). */
export type StoredDatalog = Datalog & { storageKey: string | null };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toDatalog = (row: DatalogRow): StoredDatalog => ({
  id: row.id,
  batterySerialNumber: row.battery_serial_number,
  batteryName: row.battery_name,
  status: row.status,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at.toISOString(),
  uploadedAt: iso(row.uploaded_at),
  expiresAt: iso(row.expires_at),
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  sha256: row.sha256,
  failure: row.failure,
  failureDetail: row.failure_detail,
  storageKey: row.storage_key,
});

// A requested datalog "expires" when its upload link runs out; an uploaded one when its zip is deleted.
const DATALOG_SELECT = `SELECT d.id, d.battery_serial_number, b.name AS battery_name, d.status, u.email AS requested_by,
    d.requested_at, d.uploaded_at,
    CASE WHEN d.status = 'requested' THEN d.upload_token_expires_at ELSE d.expires_at END AS expires_at,
    d.size_bytes, d.sha256, d.failure, d.failure_detail, d.storage_key
  FROM datalog d
  JOIN battery b ON b.serial_number = d.battery_serial_number
  LEFT JOIN app_user u ON u.id = d.requested_by`;

export interface NewDatalog {
  serial: string;
  siteId: number;
  requestedBy: number;
  requestedAt: Date;
  tokenHash: string;
  tokenExpiresAt: Date;
}

export interface UploadedFile {
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/** SQL of datalogs. A datalog belongs to the site it was requested at, wherever its battery is now (decision 025). */
export function datalogRepository(db: Queryable) {
  return {
    async batteries(siteId: number): Promise<DatalogBattery[]> {
      return db.query<DatalogBattery>(
        `SELECT serial_number AS "batterySerialNumber", name AS "batteryName"
           FROM battery WHERE operating_site_id = $1 ORDER BY name, serial_number`,
        [siteId],
      );
    },

    async batteryExists(siteId: number, serial: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM battery WHERE operating_site_id = $1 AND serial_number = $2', [
        siteId,
        serial,
      ]);
      return rows.length > 0;
    },

    /** A request of the battery that still waits for its upload, if any. */
    async hasPending(serial: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM datalog WHERE battery_serial_number = $1 AND status = 'requested'
            AND upload_token_expires_at > $2`,
        [serial, now],
      );
      return rows.length > 0;
    },

    async insert(datalog: NewDatalog): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO datalog (battery_serial_number, operating_site_id, status, requested_by, requested_at,
                              upload_token_hash, upload_token_expires_at)
         VALUES ($1, $2, 'requested', $3, $4, $5, $6) RETURNING id`,
        [
          datalog.serial,
          datalog.siteId,
          datalog.requestedBy,
          datalog.requestedAt,
          datalog.tokenHash,
          datalog.tokenExpiresAt,
        ],
      );
      return (row as { id: number }).id;
    },

    async setCommand(id: number, commandId: string): Promise<void> {
      await db.query('UPDATE datalog SET command_id = $2 WHERE id = $1', [id, commandId]);
    },

    /** Ends a request that still waits for its upload; a datalog already uploaded stays as it is. */
    async fail(id: number, failure: DatalogFailure, detail: string | null): Promise<void> {
      await db.query(
        `UPDATE datalog SET status = 'failed', failure = $2, failure_detail = $3, upload_token_hash = NULL
          WHERE id = $1 AND status = 'requested'`,
        [id, failure, detail],
      );
    },

    async list(siteId: number): Promise<StoredDatalog[]> {
      const rows = await db.query<DatalogRow>(
        `${DATALOG_SELECT} WHERE d.operating_site_id = $1 ORDER BY d.requested_at DESC, d.id DESC LIMIT $2`,
        [siteId, DATALOG_LIST_LIMIT],
      );
      return rows.map(toDatalog);
    },

    async find(siteId: number, id: number): Promise<StoredDatalog | undefined> {
      const [row] = await db.query<DatalogRow>(`${DATALOG_SELECT} WHERE d.operating_site_id = $1 AND d.id = $2`, [
        siteId,
        id,
      ]);
      return row && toDatalog(row);
    },

    /**
     * Takes the token for one upload: true when it is this battery's datalog's, unused and not run out, and
     * the datalog waits for its upload (decision 025). Until the upload is stored or released, a second
     * upload with the same token is refused.
     */
    async claimUpload(serial: string, id: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE datalog SET upload_token_hash = NULL
          WHERE id = $1 AND battery_serial_number = $2 AND status = 'requested'
            AND upload_token_hash = $3 AND upload_token_expires_at > $4
          RETURNING id`,
        [id, serial, tokenHash, now],
      );
      return rows.length > 0;
    },

    /** Gives a claimed token back after an upload that was not stored (too large, not a zip, cut off). */
    async releaseUpload(id: number, tokenHash: string): Promise<void> {
      await db.query(
        `UPDATE datalog SET upload_token_hash = $2
          WHERE id = $1 AND status = 'requested' AND upload_token_hash IS NULL`,
        [id, tokenHash],
      );
    },

    /** Stores the claimed upload; false when the datalog ended or its link ran out meanwhile (nothing changed). */
    async completeUpload(id: number, now: Date, file: UploadedFile, expiresAt: Date) {
      const rows = await db.query(
        `UPDATE datalog SET status = 'uploaded', uploaded_at = $2, expires_at = $3, storage_key = $4,
                size_bytes = $5, sha256 = $6
          WHERE id = $1 AND status = 'requested' AND upload_token_hash IS NULL AND upload_token_expires_at > $2
          RETURNING id`,
        [id, now, expiresAt, file.storageKey, file.sizeBytes, file.sha256],
      );
      return rows.length > 0;
    },

    /** Uploaded datalogs whose four days are over. */
    async dueForDeletion(now: Date): Promise<{ id: number; storageKey: string | null }[]> {
      return db.query<{ id: number; storageKey: string | null }>(
        `SELECT id, storage_key AS "storageKey" FROM datalog
          WHERE status = 'uploaded' AND expires_at <= $1 ORDER BY id`,
        [now],
      );
    },

    async markExpired(ids: readonly number[]): Promise<void> {
      await db.query(`UPDATE datalog SET status = 'expired', storage_key = NULL WHERE id = ANY($1::int[])`, [ids]);
    },

    /** Requests whose upload link ran out without an upload fail; answers how many. */
    async timeOut(now: Date): Promise<number> {
      const rows = await db.query(
        `UPDATE datalog SET status = 'failed', failure = 'timeout', upload_token_hash = NULL
          WHERE status = 'requested' AND upload_token_expires_at <= $1 RETURNING id`,
        [now],
      );
      return rows.length;
    },
  };
}
