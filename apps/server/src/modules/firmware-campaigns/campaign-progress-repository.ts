import type { UpdateJobStatus } from '@cbm/contracts/device-protocol';
import type { CampaignBatteryState, CampaignProgress } from '@cbm/contracts/firmware-campaigns';
import type { Queryable } from '../../db/database';

export interface StateCount {
  wave: number;
  siteId: number;
  state: CampaignBatteryState;
  count: number;
}

export interface FailedBattery {
  batterySerialNumber: string;
  operatingSiteId: number;
  wave: number;
  status: UpdateJobStatus;
  reason: string | null;
}

/** Job statuses that count against a wave's failure threshold. */
export const FAILED_JOB_STATUSES: UpdateJobStatus[] = ['failed', 'rejected', 'aborted'];
/** The most failed batteries a progress answer lists. */
const FAILED_LIST_LIMIT = 500;

/** SQL of a campaign's figures and of the batteries its runner sends next (decision 038). */
export function campaignProgressRepository(db: Queryable) {
  return {
    /** Batteries per wave, site and state: up to date, pending (no job yet) or their job's status. */
    async stateCounts(campaignId: number): Promise<StateCount[]> {
      const rows = await db.query<{ wave: number; site_id: number; state: CampaignBatteryState; count: string }>(
        `SELECT cb.wave, cb.operating_site_id AS site_id,
                CASE WHEN cb.up_to_date THEN 'upToDate' WHEN j.id IS NULL THEN 'pending' ELSE j.status END AS state,
                count(*) AS count
           FROM firmware_campaign_battery cb LEFT JOIN update_job j ON j.id = cb.update_job_id
          WHERE cb.campaign_id = $1
          GROUP BY 1, 2, 3`,
        [campaignId],
      );
      return rows.map((row) => ({ wave: row.wave, siteId: row.site_id, state: row.state, count: Number(row.count) }));
    },

    /** Batteries whose command went out, whose device has it (any reply), and that gave a final reply. */
    async delivery(campaignId: number): Promise<CampaignProgress['delivery']> {
      const [row] = await db.query<{ sent: string; received: string; answered: string }>(
        `SELECT count(*) AS sent, count(d.replied_at) AS received,
                count(*) FILTER (WHERE d.result = ANY('{done,failed,rejected}'::text[])) AS answered
           FROM firmware_campaign_battery cb JOIN update_job j ON j.id = cb.update_job_id
           JOIN device_command d ON d.id = j.command_id
          WHERE cb.campaign_id = $1`,
        [campaignId],
      );
      return {
        sent: Number(row?.sent ?? 0),
        received: Number(row?.received ?? 0),
        answered: Number(row?.answered ?? 0),
      };
    },

    async failed(campaignId: number): Promise<FailedBattery[]> {
      const rows = await db.query<{
        serial: string;
        site_id: number;
        wave: number;
        status: UpdateJobStatus;
        detail: string | null;
      }>(
        `SELECT cb.battery_serial_number AS serial, cb.operating_site_id AS site_id, cb.wave, j.status, j.detail
           FROM firmware_campaign_battery cb JOIN update_job j ON j.id = cb.update_job_id
          WHERE cb.campaign_id = $1 AND j.status = ANY($2::text[])
          ORDER BY cb.wave, cb.battery_serial_number LIMIT $3`,
        [campaignId, FAILED_JOB_STATUSES, FAILED_LIST_LIMIT],
      );
      return rows.map((row) => ({
        batterySerialNumber: row.serial,
        operatingSiteId: row.site_id,
        wave: row.wave,
        status: row.status,
        reason: row.detail,
      }));
    },

    /** The next batteries of the opened waves that have no job, outside the sites whose window is closed. */
    async unsent(campaignId: number, upToWave: number, closedSiteIds: number[], limit: number) {
      const rows = await db.query<{ serial: string; site_id: number }>(
        `SELECT battery_serial_number AS serial, operating_site_id AS site_id
           FROM firmware_campaign_battery
          WHERE campaign_id = $1 AND wave <= $2 AND NOT up_to_date AND update_job_id IS NULL
            AND operating_site_id <> ALL($3::int[])
          ORDER BY wave, battery_serial_number LIMIT $4`,
        [campaignId, upToWave, closedSiteIds, limit],
      );
      return rows.map((row) => ({ serial: row.serial, siteId: row.site_id }));
    },

    /**
     * Jobs of cancelled campaigns that have not begun installing (the statuses that may become discarded, written
     * as the partial index of migration 030 so it is used) whose firmwareUpdate went out and that were not withdrawn
     * yet: no firmwareCancel names them.
     */
    async unwithdrawn(limit: number) {
      return db.query<{ id: number; serial: string }>(
        `SELECT j.id, j.battery_serial_number AS serial
           FROM update_job j JOIN firmware_campaign c ON c.id = j.campaign_id
          WHERE c.status = 'cancelled' AND j.campaign_id IS NOT NULL AND j.command_id IS NOT NULL
            AND j.status IN ('created', 'acknowledged', 'upload pending')
            AND NOT EXISTS (
              SELECT 1 FROM device_command d
               WHERE d.device_class = 'battery' AND d.serial_number = j.battery_serial_number
                 AND d.type = 'firmwareCancel' AND (d.payload ->> 'jobId')::int = j.id)
          ORDER BY j.id LIMIT $1`,
        [limit],
      );
    },
  };
}
