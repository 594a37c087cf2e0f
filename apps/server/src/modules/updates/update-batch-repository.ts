import type { UpdateJobStatus } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';

export interface NewJob {
  serial: string;
  siteId: number;
  tokenHash: string;
}

/** SQL of many update jobs at once, a statement each whatever their number (a campaign's run, decision 046). */
export function updateBatchRepository(db: Queryable) {
  return {
    /** The jobs of the batteries that are not over, locked for the caller's transaction. */
    async lockOpenJobs(serials: readonly string[], finalStatuses: readonly string[]) {
      return db.query<{ id: number; serial: string; status: UpdateJobStatus }>(
        `SELECT id, battery_serial_number AS serial, status FROM update_job
          WHERE battery_serial_number = ANY($1::text[]) AND status <> ALL($2::text[])
          ORDER BY id FOR UPDATE`,
        [[...serials], [...finalStatuses]],
      );
    },

    /** Ends the jobs in a final status (their download link closes), with the reason when there is one. */
    async end(jobIds: readonly number[], status: UpdateJobStatus, detail: string | null): Promise<void> {
      if (jobIds.length === 0) return;
      await db.query(
        `UPDATE update_job SET status = $2, detail = $3, result_timestamp = now(), download_token_hash = NULL
          WHERE id = ANY($1::int[])`,
        [[...jobIds], status, detail],
      );
    },

    /** The jobs of one file, one per battery at the site it stands at now; answers each battery's job id. */
    async create(
      jobs: readonly NewJob[],
      common: { fileId: number; userId: number | null; expiresAt: Date; campaignId: number },
    ): Promise<Map<string, number>> {
      const rows = await db.query<{ id: number; serial: string }>(
        `INSERT INTO update_job (battery_serial_number, operating_site_id, update_file_id, created_by,
                                 download_token_hash, download_expires_at, campaign_id)
         SELECT serial, site_id, $4, $5, token_hash, $6, $7
           FROM unnest($1::text[], $2::int[], $3::text[]) AS j(serial, site_id, token_hash)
         RETURNING id, battery_serial_number AS serial`,
        [
          jobs.map((job) => job.serial),
          jobs.map((job) => job.siteId),
          jobs.map((job) => job.tokenHash),
          common.fileId,
          common.userId,
          common.expiresAt,
          common.campaignId,
        ],
      );
      return new Map(rows.map((row) => [row.serial, row.id]));
    },

    async setCommands(pairs: readonly { jobId: number; commandId: string }[]): Promise<void> {
      if (pairs.length === 0) return;
      await db.query(
        `UPDATE update_job j SET command_id = c.command_id
           FROM unnest($1::int[], $2::uuid[]) AS c(job_id, command_id) WHERE j.id = c.job_id`,
        [pairs.map((pair) => pair.jobId), pairs.map((pair) => pair.commandId)],
      );
    },
  };
}
