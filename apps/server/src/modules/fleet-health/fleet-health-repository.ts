import { ERROR_FLAG_WINDOW_HOURS } from '@cbm/contracts/constants';
import {
  ATTENTION_LIST_MAX,
  type AttentionBattery,
  type AttentionReason,
  type HealthFigures,
  LOW_SOC_PERCENT,
  OFFLINE_ATTENTION_MINUTES,
  SERVICE_DUE_DAYS,
} from '@cbm/contracts/fleet-health';
import { LICENCE_EXPIRY_WARNING_DAYS } from '@cbm/contracts/licences';
import type { Queryable } from '../../db/database';

// The rules of packages/contracts/src/fleet-health.ts (decision 039) in SQL, on the battery row's live state.
// Each battery's state and conditions are worked out once (LIVE), against the site's day and times computed once
// per site (SITES); the figures then only count them.
const STATE = `CASE WHEN b.current_error_code IS NOT NULL OR b.status = 'error' THEN 'error'
  WHEN b.online = false OR b.status IN ('offline', 'not connected') THEN 'offline'
  WHEN b.status IN ('charging', 'discharging') THEN b.status ELSE 'standby' END`;

/** The sites of $1 with their calendar day (service dates are days of the site) and the rules' time limits. */
const SITES = `SELECT id, (now() AT TIME ZONE timezone)::date AS today,
    now() - make_interval(hours => ${ERROR_FLAG_WINDOW_HOURS}) AS error_since,
    now() - make_interval(mins => ${OFFLINE_ATTENTION_MINUTES}) AS offline_since
  FROM operating_site WHERE id = ANY($1::int[])`;

const LIVE = `SELECT b.serial_number, b.name, b.operating_site_id, ${STATE} AS state,
    coalesce(b.last_error_at >= s.error_since, false) AS recent_error,
    coalesce(b.soc < ${LOW_SOC_PERCENT}, false) AS low_soc,
    b.next_service_date - s.today AS service_in,
    coalesce(b.last_data_timestamp < s.offline_since, false) AS silent,
    b.current_error_code, b.soc::float8 AS soc, b.last_data_timestamp, b.next_service_date
  FROM battery b JOIN sites s ON s.id = b.operating_site_id`;

const DUE = `service_in BETWEEN 0 AND ${SERVICE_DUE_DAYS}`;
const ATTENTION = `(state = 'error') AS is_error, (state = 'offline' AND silent) AS is_offline,
  (low_soc AND state IN ('discharging', 'standby')) AS is_low_soc, coalesce(service_in < 0, false) AS is_overdue`;

const int = (condition: string) => `count(*) FILTER (WHERE ${condition})::int`;

interface FiguresRow {
  site_id: number;
  batteries: number;
  charging: number;
  discharging: number;
  standby: number;
  offline: number;
  error: number;
  error_within_24h: number;
  low_soc: number;
  service_due: number;
  service_overdue: number;
  licences_expiring: number | null;
}

const toFigures = (row: FiguresRow): HealthFigures => ({
  batteries: row.batteries,
  charging: row.charging,
  discharging: row.discharging,
  standby: row.standby,
  offline: row.offline,
  error: row.error,
  errorWithin24h: row.error_within_24h,
  lowSoc: row.low_soc,
  serviceDue: row.service_due,
  serviceOverdue: row.service_overdue,
  licencesExpiring: row.licences_expiring,
});

interface AttentionRow {
  serial_number: string;
  name: string;
  operating_site_id: number;
  is_error: boolean;
  is_offline: boolean;
  is_low_soc: boolean;
  is_overdue: boolean;
  current_error_code: string | null;
  soc: number | null;
  last_data_timestamp: Date | null;
  next_service_date: string | null;
  total_count: number;
}

const REASON_COLUMNS: [keyof AttentionRow, AttentionReason][] = [
  ['is_error', 'error'],
  ['is_offline', 'offline'],
  ['is_low_soc', 'lowSoc'],
  ['is_overdue', 'serviceOverdue'],
];

const toAttention = (row: AttentionRow): AttentionBattery => ({
  batterySerialNumber: row.serial_number,
  batteryName: row.name,
  operatingSiteId: row.operating_site_id,
  reasons: REASON_COLUMNS.filter(([column]) => row[column]).map(([, reason]) => reason),
  currentErrorCode: row.current_error_code,
  soc: row.soc,
  lastDataTimestamp: row.last_data_timestamp ? new Date(row.last_data_timestamp).toISOString() : null,
  nextServiceDate: row.next_service_date,
});

export function fleetHealthRepository(db: Queryable) {
  return {
    /**
     * The figures of each of the sites, in one pass over their batteries (the site index) and display units;
     * licences only at `licenceSiteIds` (null elsewhere).
     */
    async figures(
      siteIds: readonly number[],
      licenceSiteIds: readonly number[],
    ): Promise<(HealthFigures & { operatingSiteId: number })[]> {
      const rows = await db.query<FiguresRow>(
        `WITH sites AS (${SITES}),
         live AS (${LIVE}),
         batteries AS (
           SELECT operating_site_id AS site_id, count(*)::int AS batteries,
                  ${int(`state = 'charging'`)} AS charging, ${int(`state = 'discharging'`)} AS discharging,
                  ${int(`state = 'standby'`)} AS standby, ${int(`state = 'offline'`)} AS offline,
                  ${int(`state = 'error'`)} AS error, ${int('recent_error')} AS error_within_24h,
                  ${int('low_soc')} AS low_soc, ${int(DUE)} AS service_due, ${int('service_in < 0')} AS service_overdue
             FROM live GROUP BY operating_site_id
         ), licences AS (
           SELECT d.operating_site_id AS site_id, count(*)::int AS licences_expiring
             FROM display_unit d JOIN sites s ON s.id = d.operating_site_id
            WHERE d.operating_site_id = ANY($2::int[]) AND d.eol_date <= s.today + ${LICENCE_EXPIRY_WARNING_DAYS}
            GROUP BY d.operating_site_id
         )
         SELECT s.id AS site_id, coalesce(b.batteries, 0) AS batteries, coalesce(b.charging, 0) AS charging,
                coalesce(b.discharging, 0) AS discharging, coalesce(b.standby, 0) AS standby,
                coalesce(b.offline, 0) AS offline, coalesce(b.error, 0) AS error,
                coalesce(b.error_within_24h, 0) AS error_within_24h, coalesce(b.low_soc, 0) AS low_soc,
                coalesce(b.service_due, 0) AS service_due, coalesce(b.service_overdue, 0) AS service_overdue,
                CASE WHEN s.id = ANY($2::int[]) THEN coalesce(l.licences_expiring, 0) END AS licences_expiring
           FROM sites s LEFT JOIN batteries b ON b.site_id = s.id LEFT JOIN licences l ON l.site_id = s.id
          ORDER BY s.id`,
        [siteIds, licenceSiteIds],
      );
      return rows.map((row) => ({ operatingSiteId: row.site_id, ...toFigures(row) }));
    },

    /** The batteries that need attention, worst first, and how many there are in all (in one pass). */
    async attention(siteIds: readonly number[]): Promise<{ batteries: AttentionBattery[]; totalCount: number }> {
      const rows = await db.query<AttentionRow>(
        `WITH sites AS (${SITES}), live AS (${LIVE})
         SELECT *, count(*) OVER ()::int AS total_count FROM (
           SELECT serial_number, name, operating_site_id, ${ATTENTION}, current_error_code, soc,
                  last_data_timestamp, to_char(next_service_date, 'YYYY-MM-DD') AS next_service_date
             FROM live
         ) a
         WHERE is_error OR is_offline OR is_low_soc OR is_overdue
         ORDER BY is_error DESC, is_offline DESC, (CASE WHEN is_offline THEN last_data_timestamp END) NULLS LAST,
                  is_low_soc DESC, soc NULLS LAST, next_service_date NULLS LAST, name, serial_number
         LIMIT ${ATTENTION_LIST_MAX}`,
        [siteIds],
      );
      return { batteries: rows.map(toAttention), totalCount: rows[0]?.total_count ?? 0 };
    },
  };
}
