import type { CampaignStatus, CampaignSummary, SiteWindow } from '@cbm/contracts/firmware-campaigns';
import type { Queryable } from '../../db/database';

export interface TargetFilter {
  siteIds: number[];
  groupIds: number[];
  batteryTypes: string[];
  currentVersions: string[];
  /** The organisation whose expected versions `offExpectedVersion` compares with. */
  organizationId: number;
  offExpectedVersion: boolean;
}

export interface TargetBattery {
  serial: string;
  siteId: number;
  type: string;
  firmwareVersion: string | null;
  inStandby: boolean;
}

export interface CampaignRow {
  id: number;
  organization_id: number;
  name: string;
  release_id: number;
  version: string;
  status: CampaignStatus;
  paused_reason: 'user' | 'failureThreshold' | null;
  waves: number[];
  current_wave: number;
  failure_threshold_percent: string | number;
  site_windows: Record<string, SiteWindow>;
  download_origin: string;
  created_by: number | null;
  created_by_email: string | null;
  created_at: Date;
  finished_at: Date | null;
  total: string | number;
}

const CAMPAIGN_SELECT = `SELECT c.*, r.version, u.email AS created_by_email,
    (SELECT count(*) FROM firmware_campaign_battery cb WHERE cb.campaign_id = c.id) AS total
  FROM firmware_campaign c JOIN firmware_release r ON r.id = c.release_id LEFT JOIN app_user u ON u.id = c.created_by`;

export const toSummary = (row: CampaignRow): CampaignSummary => ({
  id: row.id,
  name: row.name,
  status: row.status,
  pausedReason: row.paused_reason,
  release: { id: row.release_id, version: row.version },
  waves: row.waves,
  currentWave: row.current_wave,
  failureThresholdPercent: Number(row.failure_threshold_percent),
  siteWindows: row.site_windows,
  total: Number(row.total),
  createdBy: row.created_by_email,
  createdAt: new Date(row.created_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

export interface NewCampaign {
  organizationId: number;
  name: string;
  releaseId: number;
  waves: number[];
  failureThresholdPercent: number;
  siteWindows: Record<string, SiteWindow>;
  origin: string;
  createdBy: number;
}

/** SQL of campaigns and their batteries (decision 038). */
export function campaignRepository(db: Queryable) {
  return {
    /** The batteries a filter selects, in serial order (the order waves are cut in). */
    async targets(filter: TargetFilter): Promise<TargetBattery[]> {
      const rows = await db.query<{
        serial_number: string;
        operating_site_id: number;
        battery_type: string;
        firmware_version: string | null;
        in_standby: boolean;
      }>(
        `SELECT serial_number, operating_site_id, battery_type, firmware_version,
                coalesce(telemetry_state = 'standby', false) AS in_standby
           FROM battery
          WHERE operating_site_id = ANY($1::int[])
            AND (cardinality($2::int[]) = 0 OR group_id = ANY($2::int[]))
            AND battery_type = ANY($3::text[])
            AND (cardinality($4::text[]) = 0 OR firmware_version = ANY($4::text[]))
            AND (NOT $5::boolean OR EXISTS (
                  SELECT 1 FROM expected_version e
                   WHERE e.organization_id = $6 AND e.battery_type = battery.battery_type
                     AND e.firmware_version IS DISTINCT FROM battery.firmware_version))
          ORDER BY serial_number`,
        [
          filter.siteIds,
          filter.groupIds,
          filter.batteryTypes,
          filter.currentVersions,
          filter.offExpectedVersion,
          filter.organizationId,
        ],
      );
      return rows.map((row) => ({
        serial: row.serial_number,
        siteId: row.operating_site_id,
        type: row.battery_type,
        firmwareVersion: row.firmware_version,
        inStandby: row.in_standby,
      }));
    },

    async siteNames(siteIds: number[]): Promise<Map<number, { name: string; timezone: string }>> {
      const rows = await db.query<{ id: number; name: string; timezone: string }>(
        `SELECT n.id, n.name, s.timezone FROM site_node n JOIN operating_site s ON s.id = n.id WHERE n.id = ANY($1::int[])`,
        [siteIds],
      );
      return new Map(rows.map((row) => [row.id, { name: row.name, timezone: row.timezone }]));
    },

    /** A battery of the selection that is in another open campaign, with that campaign's name. */
    async overlap(serials: string[]): Promise<{ serial: string; campaign: string } | undefined> {
      const [row] = await db.query<{ serial: string; campaign: string }>(
        `SELECT cb.battery_serial_number AS serial, c.name AS campaign
           FROM firmware_campaign_battery cb JOIN firmware_campaign c ON c.id = cb.campaign_id
          WHERE cb.open AND cb.battery_serial_number = ANY($1::text[])
          ORDER BY cb.battery_serial_number LIMIT 1`,
        [serials],
      );
      return row;
    },

    async insert(campaign: NewCampaign): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO firmware_campaign (organization_id, name, release_id, waves, failure_threshold_percent,
                                        site_windows, download_origin, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          campaign.organizationId,
          campaign.name,
          campaign.releaseId,
          campaign.waves,
          campaign.failureThresholdPercent,
          JSON.stringify(campaign.siteWindows),
          campaign.origin,
          campaign.createdBy,
        ],
      );
      return (row as { id: number }).id;
    },

    /** Every battery with its wave in one statement (10,000 batteries in well under a second). */
    async insertBatteries(
      campaignId: number,
      batteries: { serial: string; siteId: number; wave: number; upToDate: boolean }[],
    ): Promise<void> {
      await db.query(
        `INSERT INTO firmware_campaign_battery (campaign_id, battery_serial_number, operating_site_id, wave, up_to_date)
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[], $5::boolean[])`,
        [
          campaignId,
          batteries.map((battery) => battery.serial),
          batteries.map((battery) => battery.siteId),
          batteries.map((battery) => battery.wave),
          batteries.map((battery) => battery.upToDate),
        ],
      );
    },

    async get(campaignId: number): Promise<CampaignRow | undefined> {
      const [row] = await db.query<CampaignRow>(`${CAMPAIGN_SELECT} WHERE c.id = $1`, [campaignId]);
      return row;
    },

    async lock(campaignId: number): Promise<CampaignRow | undefined> {
      await db.query('SELECT id FROM firmware_campaign WHERE id = $1 FOR UPDATE', [campaignId]);
      return this.get(campaignId);
    },

    async list(organizationId: number): Promise<CampaignRow[]> {
      return db.query<CampaignRow>(`${CAMPAIGN_SELECT} WHERE c.organization_id = $1 ORDER BY c.id DESC`, [
        organizationId,
      ]);
    },

    async running(): Promise<CampaignRow[]> {
      return db.query<CampaignRow>(`${CAMPAIGN_SELECT} WHERE c.status = 'running' ORDER BY c.id`);
    },

    async sitesOf(campaignId: number): Promise<number[]> {
      const rows = await db.query<{ operating_site_id: number }>(
        'SELECT DISTINCT operating_site_id FROM firmware_campaign_battery WHERE campaign_id = $1',
        [campaignId],
      );
      return rows.map((row) => row.operating_site_id);
    },

    async setState(
      campaignId: number,
      state: { status: CampaignStatus; pausedReason?: 'user' | 'failureThreshold' | null; currentWave?: number },
    ): Promise<void> {
      const closed = state.status === 'completed' || state.status === 'cancelled';
      await db.query(
        `UPDATE firmware_campaign SET status = $2, paused_reason = $3, current_wave = coalesce($4, current_wave),
                finished_at = CASE WHEN $5 THEN now() ELSE finished_at END
          WHERE id = $1`,
        [campaignId, state.status, state.pausedReason ?? null, state.currentWave ?? null, closed],
      );
      if (closed)
        await db.query('UPDATE firmware_campaign_battery SET open = false WHERE campaign_id = $1', [campaignId]);
    },

    /** A fixed release: the campaign takes it, and the batteries of the opened waves start again on it. */
    async replaceRelease(campaignId: number, releaseId: number, version: string, currentWave: number): Promise<void> {
      await db.query('UPDATE firmware_campaign SET release_id = $2 WHERE id = $1', [campaignId, releaseId]);
      await db.query(
        `UPDATE firmware_campaign_battery cb
            SET up_to_date = coalesce(b.firmware_version = $2, false),
                update_job_id = CASE WHEN cb.wave <= $3 THEN NULL ELSE cb.update_job_id END
           FROM battery b
          WHERE cb.campaign_id = $1 AND b.serial_number = cb.battery_serial_number`,
        [campaignId, version, currentWave],
      );
    },

    /** The run's new jobs, by battery, in one statement. */
    async setJobs(campaignId: number, jobs: ReadonlyMap<string, number>): Promise<void> {
      if (jobs.size === 0) return;
      await db.query(
        `UPDATE firmware_campaign_battery cb SET update_job_id = j.job_id
           FROM unnest($2::text[], $3::int[]) AS j(serial, job_id)
          WHERE cb.campaign_id = $1 AND cb.battery_serial_number = j.serial`,
        [campaignId, [...jobs.keys()], [...jobs.values()]],
      );
    },
  };
}
export type CampaignRepository = ReturnType<typeof campaignRepository>;
