import type { UpdateJobStatus } from '@cbm/contracts/device-protocol';
import type { UpdateJob } from '@cbm/contracts/update-jobs';
import type { Queryable } from '../../db/database';
import { organizationOf } from '../sites/site-organization';

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
  campaign_id: number | null;
  campaign_name: string | null;
  attempts: number | null;
  received_at: Date | null;
  answered_at: Date | null;
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
  campaign: row.campaign_id === null ? null : { id: row.campaign_id, name: row.campaign_name ?? '' },
  delivery:
    row.attempts === null
      ? null
      : { sent: row.attempts, receivedAt: iso(row.received_at), answeredAt: iso(row.answered_at) },
});

const JOB_SELECT = `SELECT j.id, j.status, j.detail, j.create_timestamp, j.acknowledged_timestamp, j.result_timestamp,
    u.email AS created_by, f.id AS file_id, f.file_name, f.sha256, f.size_bytes, f.version,
    c.id AS campaign_id, c.name AS campaign_name, d.attempts,
    (SELECT min(r.ts) FROM device_command_reply r WHERE r.command_id = d.id) AS received_at,
    (SELECT min(r.ts) FROM device_command_reply r
      WHERE r.command_id = d.id AND r.result = ANY('{done,failed,rejected}'::text[])) AS answered_at
  FROM update_job j JOIN update_file f ON f.id = j.update_file_id LEFT JOIN app_user u ON u.id = j.created_by
  LEFT JOIN firmware_campaign c ON c.id = j.campaign_id LEFT JOIN device_command d ON d.id = j.command_id`;

export interface NewUpdateFile {
  fileName: string;
  sha256: string;
  sizeBytes: number;
  version: string;
  uploadedBy: number;
}

/** SQL of update files and jobs, and of the expected versions a successful update raises in its organisation. */
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

    /** A job of the battery at the site it stands at now; it stays that site's (decision 025). */
    async createJob(job: {
      serial: string;
      siteId: number;
      fileId: number;
      userId: number | null;
      token: { hash: string; expiresAt: Date };
      campaignId: number | null;
    }) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO update_job (battery_serial_number, operating_site_id, update_file_id, created_by,
                                 download_token_hash, download_expires_at, campaign_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [job.serial, job.siteId, job.fileId, job.userId, job.token.hash, job.token.expiresAt, job.campaignId],
      );
      return (row as { id: number }).id;
    },

    async setCommand(jobId: number, commandId: string): Promise<void> {
      await db.query('UPDATE update_job SET command_id = $2 WHERE id = $1', [jobId, commandId]);
    },

    /** The job with its battery's type and the organisation of the site it was made at. */
    async lockJob(jobId: number) {
      const [row] = await db.query<{
        id: number;
        status: UpdateJobStatus;
        battery_type: string;
        organization_id: number;
      }>(
        `SELECT j.id, j.status, b.battery_type, ${organizationOf('j.operating_site_id')} AS organization_id
           FROM update_job j JOIN battery b ON b.serial_number = j.battery_serial_number
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

    /** A cancelled campaign's jobs whose command has not gone out end as obsolete: their link no longer opens. */
    async obsoleteUnsentCampaignJobs(campaignId: number): Promise<void> {
      await db.query(
        `UPDATE update_job SET status = 'obsolete', result_timestamp = now(), download_token_hash = NULL
          WHERE campaign_id = $1 AND status = 'created' AND command_id IS NULL`,
        [campaignId],
      );
    },

    async get(jobId: number): Promise<UpdateJob | undefined> {
      const [row] = await db.query<JobRow>(`${JOB_SELECT} WHERE j.id = $1`, [jobId]);
      return row && toJob(row);
    },

    /** The battery's jobs made at the site, newest first; another site's jobs stay there (decision 025). */
    async jobs(serial: string, siteId: number): Promise<UpdateJob[]> {
      const rows = await db.query<JobRow>(
        `${JOB_SELECT} WHERE j.battery_serial_number = $1 AND j.operating_site_id = $2 ORDER BY j.id DESC`,
        [serial, siteId],
      );
      return rows.map(toJob);
    },

    /**
     * The image a download token opens: only its own job's, of the battery the job is for, before the token
     * expires and while the job is running (decision 025).
     */
    async downloadable(
      serial: string,
      jobId: number,
      tokenHash: string,
    ): Promise<{ sha256: string; fileName: string } | undefined> {
      const [row] = await db.query<{ sha256: string; file_name: string }>(
        `SELECT f.sha256, f.file_name FROM update_job j JOIN update_file f ON f.id = j.update_file_id
          WHERE j.id = $1 AND j.battery_serial_number = $2 AND j.download_token_hash = $3
            AND j.download_expires_at > now()`,
        [jobId, serial, tokenHash],
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

    async expectedFirmware(organizationId: number, batteryType: string): Promise<string | null | undefined> {
      const [row] = await db.query<{ firmware_version: string | null }>(
        'SELECT firmware_version FROM expected_version WHERE organization_id = $1 AND battery_type = $2',
        [organizationId, batteryType],
      );
      return row ? row.firmware_version : undefined;
    },

    /** A released firmware version becomes the expected one of the type, in that organisation only. */
    async setExpectedFirmware(organizationId: number, batteryType: string, version: string): Promise<void> {
      await db.query(
        `INSERT INTO expected_version (organization_id, battery_type, firmware_version, updated_at)
         VALUES ($1, $2, $3, now())
         ON CONFLICT (organization_id, battery_type)
         DO UPDATE SET firmware_version = excluded.firmware_version, updated_at = now()`,
        [organizationId, batteryType, version],
      );
    },
  };
}
