import type { UpdateJobStatus } from '@cbm/contracts/device-protocol';
import type { UpdateJob } from '@cbm/contracts/update-jobs';
import type { Queryable } from '../../db/database';

interface JobRow {
  id: number;
  status: UpdateJobStatus;
  detail: string | null;
  create_timestamp: Date;
  acknowledged_timestamp: Date | null;
  result_timestamp: Date | null;
  created_by: string | null;
  file_id: number;
  file_name: string;
  sha256: string;
  size_bytes: string | number;
  version: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const toJob = (row: JobRow): UpdateJob => ({
  id: row.id,
  updateFile: {
    id: row.file_id,
    fileName: row.file_name,
    sha256: row.sha256,
    sizeBytes: Number(row.size_bytes),
    version: row.version,
  },
  status: row.status,
  detail: row.detail,
  createTimestamp: iso(row.create_timestamp) as string,
  acknowledgedTimestamp: iso(row.acknowledged_timestamp),
  resultTimestamp: iso(row.result_timestamp),
  createdBy: row.created_by,
});

const JOB_SELECT = `SELECT j.id, j.status, j.detail, j.create_timestamp, j.acknowledged_timestamp, j.result_timestamp,
    u.email AS created_by, f.id AS file_id, f.file_name, f.sha256, f.size_bytes, f.version
  FROM update_job j JOIN update_file f ON f.id = j.update_file_id LEFT JOIN app_user u ON u.id = j.created_by`;

export interface NewUpdateFile {
  fileName: string;
  sha256: string;
  sizeBytes: number;
  version: string;
  uploadedBy: number;
}

/** SQL of update files and jobs, and of the expected versions a successful update raises. */
export function updateRepository(db: Queryable) {
  return {
    /** The file row of this content: stored once, the first upload's name and version are kept. */
    async insertFile(file: NewUpdateFile): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO update_file (file_name, sha256, size_bytes, storage_key, uploaded_by, version)
         VALUES ($1, $2, $3, $2, $4, $5)
         ON CONFLICT (storage_key) DO UPDATE SET storage_key = excluded.storage_key RETURNING id`,
        [file.fileName, file.sha256, file.sizeBytes, file.uploadedBy, file.version],
      );
      return (row as { id: number }).id;
    },

    /** The jobs of the battery that are not over, locked for the caller's transaction. */
    async lockOpenJobs(serial: string, finalStatuses: readonly string[]) {
      return db.query<{ id: number; status: UpdateJobStatus }>(
        `SELECT id, status FROM update_job WHERE battery_serial_number = $1 AND status <> ALL($2::text[])
          ORDER BY id FOR UPDATE`,
        [serial, [...finalStatuses]],
      );
    },

    async createJob(serial: string, fileId: number, userId: number, token: { hash: string; expiresAt: Date }) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO update_job (battery_serial_number, update_file_id, created_by, download_token_hash, download_expires_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [serial, fileId, userId, token.hash, token.expiresAt],
      );
      return (row as { id: number }).id;
    },

    async setCommand(jobId: number, commandId: string): Promise<void> {
      await db.query('UPDATE update_job SET command_id = $2 WHERE id = $1', [jobId, commandId]);
    },

    async lockJob(jobId: number) {
      const [row] = await db.query<{ id: number; status: UpdateJobStatus; battery_type: string }>(
        `SELECT j.id, j.status, b.battery_type FROM update_job j JOIN battery b ON b.serial_number = j.battery_serial_number
          WHERE j.id = $1 FOR UPDATE OF j`,
        [jobId],
      );
      return row;
    },

    /** Stores a status the state machine allowed; the first acknowledgement and the end get their time. */
    async setStatus(jobId: number, status: UpdateJobStatus, at: Date, detail: string | null, final: boolean) {
      await db.query(
        `UPDATE update_job SET status = $2, detail = $4,
           acknowledged_timestamp = CASE WHEN $2 = 'acknowledged' THEN coalesce(acknowledged_timestamp, $3)
                                         ELSE acknowledged_timestamp END,
           result_timestamp = CASE WHEN $5 THEN $3 ELSE result_timestamp END,
           download_token_hash = CASE WHEN $5 THEN NULL ELSE download_token_hash END
         WHERE id = $1`,
        [jobId, status, at, detail, final],
      );
    },

    async get(jobId: number): Promise<UpdateJob | undefined> {
      const [row] = await db.query<JobRow>(`${JOB_SELECT} WHERE j.id = $1`, [jobId]);
      return row && toJob(row);
    },

    /** The battery's jobs, newest first. */
    async jobs(serial: string): Promise<UpdateJob[]> {
      const rows = await db.query<JobRow>(`${JOB_SELECT} WHERE j.battery_serial_number = $1 ORDER BY j.id DESC`, [
        serial,
      ]);
      return rows.map(toJob);
    },

    /** The image a download token opens: only for its file, before it expires, while its job is running. */
    async downloadable(fileId: number, tokenHash: string): Promise<{ sha256: string; fileName: string } | undefined> {
      const [row] = await db.query<{ sha256: string; file_name: string }>(
        `SELECT f.sha256, f.file_name FROM update_job j JOIN update_file f ON f.id = j.update_file_id
          WHERE f.id = $1 AND j.download_token_hash = $2 AND j.download_expires_at > now()`,
        [fileId, tokenHash],
      );
      return row && { sha256: row.sha256, fileName: row.file_name };
    },

    async jobVersion(jobId: number): Promise<string | null> {
      const [row] = await db.query<{ version: string | null }>(
        'SELECT f.version FROM update_job j JOIN update_file f ON f.id = j.update_file_id WHERE j.id = $1',
        [jobId],
      );
      return row?.version ?? null;
    },

    async expectedFirmware(batteryType: string): Promise<string | null | undefined> {
      const [row] = await db.query<{ firmware_version: string | null }>(
        'SELECT firmware_version FROM expected_version WHERE battery_type = $1',
        [batteryType],
      );
      return row ? row.firmware_version : undefined;
    },

    /** A released firmware version becomes the expected one of the type. */
    async setExpectedFirmware(batteryType: string, version: string): Promise<void> {
      await db.query(
        `INSERT INTO expected_version (battery_type, firmware_version, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (battery_type) DO UPDATE SET firmware_version = excluded.firmware_version, updated_at = now()`,
        [batteryType, version],
      );
    },
  };
}
