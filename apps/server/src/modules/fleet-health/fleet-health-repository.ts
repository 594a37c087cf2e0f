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
const ERROR = `(b.current_error_code IS NOT NULL OR b.status = 'error')`;
const OFFLINE = `(NOT ${ERROR} AND (coalesce(b.online, true) = false OR b.status IN ('offline', 'not connected')))`;
const ACTIVE = `(NOT ${ERROR} AND NOT ${OFFLINE})`;
const LOW_SOC = `coalesce(b.soc < ${LOW_SOC_PERCENT}, false)`;
/** The site's calendar day: service dates are days of the site. */
const TODAY = `(now() AT TIME ZONE o.timezone)::date`;
const OVERDUE = `coalesce(b.next_service_date < ${TODAY}, false)`;
const DUE = `(b.next_service_date >= ${TODAY} AND b.next_service_date <= ${TODAY} + ${SERVICE_DUE_DAYS})`;
const RECENT_ERROR = `coalesce(b.last_error_at >= now() - make_interval(hours => ${ERROR_FLAG_WINDOW_HOURS}), false)`;
const LONG_OFFLINE = `(${OFFLINE} AND b.last_data_timestamp < now() - make_interval(mins => ${OFFLINE_ATTENTION_MINUTES}))`;
const LOW_SOC_IDLE = `(${LOW_SOC} AND ${ACTIVE} AND b.status <> 'charging')`;

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
        `WITH sites AS (SELECT id FROM operating_site WHERE id = ANY($1::int[])),
         batteries AS (
           SELECT b.operating_site_id AS site_id, count(*)::int AS batteries,
                  ${int(`${ACTIVE} AND b.status = 'charging'`)} AS charging,
                  ${int(`${ACTIVE} AND b.status = 'discharging'`)} AS discharging,
                  ${int(`${ACTIVE} AND b.status NOT IN ('charging', 'discharging')`)} AS standby,
                  ${int(OFFLINE)} AS offline, ${int(ERROR)} AS error, ${int(RECENT_ERROR)} AS error_within_24h,
                  ${int(LOW_SOC)} AS low_soc, ${int(DUE)} AS service_due, ${int(OVERDUE)} AS service_overdue
             FROM battery b JOIN operating_site o ON o.id = b.operating_site_id
            WHERE b.operating_site_id = ANY($1::int[])
            GROUP BY b.operating_site_id
         ), licences AS (
           SELECT d.operating_site_id AS site_id, count(*)::int AS licences_expiring
             FROM display_unit d JOIN operating_site o ON o.id = d.operating_site_id
            WHERE d.operating_site_id = ANY($2::int[]) AND d.eol_date <= ${TODAY} + ${LICENCE_EXPIRY_WARNING_DAYS}
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

    /** The batteries that need attention, worst first: errors, longest offline, lowest SoC, oldest service. */
    async attention(siteIds: readonly number[]): Promise<{ batteries: AttentionBattery[]; totalCount: number }> {
      const rows = await db.query<AttentionRow>(
        `SELECT * FROM (
           SELECT b.serial_number, b.name, b.operating_site_id, ${ERROR} AS is_error, ${LONG_OFFLINE} AS is_offline,
                  ${LOW_SOC_IDLE} AS is_low_soc, ${OVERDUE} AS is_overdue, b.current_error_code,
                  b.soc::float8 AS soc, b.last_data_timestamp, to_char(b.next_service_date, 'YYYY-MM-DD') AS next_service_date
             FROM battery b JOIN operating_site o ON o.id = b.operating_site_id
            WHERE b.operating_site_id = ANY($1::int[])
         ) a
         WHERE is_error OR is_offline OR is_low_soc OR is_overdue
         ORDER BY is_error DESC, is_offline DESC, (CASE WHEN is_offline THEN last_data_timestamp END) NULLS LAST,
                  is_low_soc DESC, soc NULLS LAST, next_service_date NULLS LAST, name, serial_number
         LIMIT ${ATTENTION_LIST_MAX}`,
        [siteIds],
      );
      const totalCount = rows.length < ATTENTION_LIST_MAX ? rows.length : await this.attentionCount(siteIds);
      return { batteries: rows.map(toAttention), totalCount };
    },

    async attentionCount(siteIds: readonly number[]): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM battery b JOIN operating_site o ON o.id = b.operating_site_id
          WHERE b.operating_site_id = ANY($1::int[])
            AND (${ERROR} OR ${LONG_OFFLINE} OR ${LOW_SOC_IDLE} OR ${OVERDUE})`,
        [siteIds],
      );
      return row?.count ?? 0;
    },
  };
}
