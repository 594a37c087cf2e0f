import { ERROR_FLAG_WINDOW_HOURS } from '@cbm/contracts/constants';
import {
  ATTENTION_LIST_MAX,
  type AttentionBattery,
  type AttentionReason,
  type FigureBattery,
  type FigureList,
  type HealthFigures,
  LOW_SOC_PERCENT,
  SERVICE_DUE_DAYS,
  SILENT_AFTER_MINUTES,
} from '@cbm/contracts/fleet-health';
import { LICENCE_EXPIRY_WARNING_DAYS } from '@cbm/contracts/licences';
import type { Queryable } from '../../db/database';
import { unitShownStatusSql } from '../mdload-live-view/station-live-state';

// The rules of packages/contracts/src/fleet-health.ts (decisions 039, 045, 139, 140) in SQL, on the battery row's live
// state; the state itself is battery_health_state (migrations 029, 069). The figures read the per-site counts of
// states that the battery's triggers keep (site_battery_health) and count the time-bound conditions on their
// indexes; the needs-attention list works each battery's state and conditions out once (LIVE), against the site's
// day and times computed once per site (SITES).
const STATE = 'battery_health_state(b.status, b.online, b.current_error_code)';

/** The sites of $1 with their calendar day (service dates are days of the site) and the rules' time limits. */
const SITES = `SELECT id, (now() AT TIME ZONE timezone)::date AS today,
    now() - make_interval(hours => ${ERROR_FLAG_WINDOW_HOURS}) AS error_since,
    now() - make_interval(mins => ${SILENT_AFTER_MINUTES}) AS offline_since
  FROM operating_site WHERE id = ANY($1::int[])`;

const LIVE = `SELECT b.serial_number, b.name, b.operating_site_id, ${STATE} AS state,
    coalesce(b.soc < ${LOW_SOC_PERCENT}, false) AS low_soc,
    b.next_service_date - s.today AS service_in,
    coalesce(b.last_data_timestamp < s.offline_since, false) AS silent,
    b.current_error_code, b.soc::float8 AS soc, b.last_data_timestamp, b.next_service_date
  FROM battery b JOIN sites s ON s.id = b.operating_site_id`;

/** A unit's live state (u, at site s) of its shown status, offline first (migration 070, decision 140). */
const STATION_STATE = `station_health_state(${unitShownStatusSql('s.offline_since')}, u.online)`;

const ERROR_WITHIN_24H = 'b.last_error_at >= s.error_since';
const SERVICE_DUE = `b.next_service_date BETWEEN s.today AND s.today + ${SERVICE_DUE_DAYS}`;
const SERVICE_OVERDUE = 'b.next_service_date < s.today';

/**
 * Which batteries (b, at site s) each listed figure holds: the rules the figures count by, the live states and low
 * SoC as the triggers of site_battery_health count them (migration 029).
 */
const FIGURE_WHERE: Record<FigureList, string> = {
  batteries: 'true',
  charging: `${STATE} = 'charging'`,
  discharging: `${STATE} = 'discharging'`,
  standby: `${STATE} = 'standby'`,
  offline: `${STATE} = 'offline'`,
  error: `${STATE} = 'error'`,
  errorWithin24h: ERROR_WITHIN_24H,
  lowSoc: `coalesce(b.soc < ${LOW_SOC_PERCENT}, false)`,
  service: `(${SERVICE_DUE} OR ${SERVICE_OVERDUE})`,
};

/** How many batteries of the site (s) match the condition, counted on one of the battery's site indexes. */
const batteriesWhere = (condition: string) =>
  `(SELECT count(*)::int FROM battery b WHERE b.operating_site_id = s.id AND ${condition})`;

const ATTENTION = `(state = 'error') AS is_error, (state = 'offline' AND silent) AS is_offline,
  (low_soc AND state IN ('discharging', 'standby')) AS is_low_soc, coalesce(service_in < 0, false) AS is_overdue`;

const int = (condition: string) => `count(*) FILTER (WHERE ${condition})::int`;
const sum = (condition: string) => `coalesce(sum(batteries) FILTER (WHERE ${condition}), 0)::int`;

/** The sites where the user sees each of the figures that need more than the live view. */
export interface FiguresScope {
  licences: readonly number[];
  batteryAlarms: readonly number[];
  stationAlarms: readonly number[];
  stations: readonly number[];
}

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
  active_alarms: number | null;
  units: number | null;
  units_charging: number;
  units_standby: number;
  units_offline: number;
  units_error: number;
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
  activeAlarms: row.active_alarms,
  stations:
    row.units === null
      ? null
      : {
          units: row.units,
          charging: row.units_charging,
          standby: row.units_standby,
          offline: row.units_offline,
          error: row.units_error,
        },
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

interface FigureBatteryRow {
  serial_number: string;
  name: string;
  operating_site_id: number;
  state: FigureBattery['state'];
  current_error_code: string | null;
  soc: number | null;
  last_data_timestamp: Date | null;
  next_service_date: string | null;
  error_within_24h: boolean;
  total_count: number;
}

const toFigureBattery = (row: FigureBatteryRow): FigureBattery => ({
  batterySerialNumber: row.serial_number,
  batteryName: row.name,
  operatingSiteId: row.operating_site_id,
  state: row.state,
  currentErrorCode: row.current_error_code,
  soc: row.soc,
  lastDataTimestamp: row.last_data_timestamp ? new Date(row.last_data_timestamp).toISOString() : null,
  nextServiceDate: row.next_service_date,
  errorWithin24h: row.error_within_24h,
});

export function fleetHealthRepository(db: Queryable) {
  return {
    /**
     * The figures of each of the sites: the battery states from the kept per-site counts, the time-bound
     * conditions from the battery's indexes; licences at `scope.licences`, active alarms at `scope.batteryAlarms`
     * and `scope.stationAlarms`, charger-station units at `scope.stations` (null elsewhere).
     */
    async figures(
      siteIds: readonly number[],
      scope: FiguresScope,
    ): Promise<(HealthFigures & { operatingSiteId: number })[]> {
      const rows = await db.query<FiguresRow>(
        `WITH sites AS (${SITES}),
         states AS (
           SELECT operating_site_id AS site_id, coalesce(sum(batteries), 0)::int AS batteries,
                  ${sum(`state = 'charging'`)} AS charging, ${sum(`state = 'discharging'`)} AS discharging,
                  ${sum(`state = 'standby'`)} AS standby, ${sum(`state = 'offline'`)} AS offline,
                  ${sum(`state = 'error'`)} AS error, ${sum('low_soc')} AS low_soc
             FROM site_battery_health WHERE operating_site_id = ANY($1::int[]) GROUP BY operating_site_id
         ), units AS (
           SELECT operating_site_id AS site_id, count(*)::int AS units, ${int(`state = 'charging'`)} AS charging,
                  ${int(`state = 'standby'`)} AS standby, ${int(`state = 'offline'`)} AS offline,
                  ${int(`state = 'error'`)} AS error
             FROM (SELECT u.operating_site_id, ${STATION_STATE} AS state
                     FROM mdload_unit u JOIN sites s ON s.id = u.operating_site_id
                    WHERE u.operating_site_id = ANY($5::int[])) u
            GROUP BY operating_site_id
         ), alarms AS (
           SELECT operating_site_id AS site_id, count(*)::int AS active_alarms FROM alarm
            WHERE cleared_at IS NULL AND ((product = 'battery' AND operating_site_id = ANY($3::int[]))
                                          OR (product = 'mdload' AND operating_site_id = ANY($4::int[])))
            GROUP BY operating_site_id
         ), licences AS (
           SELECT d.operating_site_id AS site_id, count(*)::int AS licences_expiring
             FROM display_unit d JOIN sites s ON s.id = d.operating_site_id
            WHERE d.operating_site_id = ANY($2::int[]) AND d.eol_date <= s.today + ${LICENCE_EXPIRY_WARNING_DAYS}
            GROUP BY d.operating_site_id
         )
         SELECT s.id AS site_id, coalesce(b.batteries, 0) AS batteries, coalesce(b.charging, 0) AS charging,
                coalesce(b.discharging, 0) AS discharging, coalesce(b.standby, 0) AS standby,
                coalesce(b.offline, 0) AS offline, coalesce(b.error, 0) AS error,
                ${batteriesWhere(ERROR_WITHIN_24H)} AS error_within_24h,
                coalesce(b.low_soc, 0) AS low_soc,
                ${batteriesWhere(SERVICE_DUE)} AS service_due,
                ${batteriesWhere(SERVICE_OVERDUE)} AS service_overdue,
                CASE WHEN s.id = ANY($2::int[]) THEN coalesce(l.licences_expiring, 0) END AS licences_expiring,
                CASE WHEN s.id = ANY($3::int[]) OR s.id = ANY($4::int[]) THEN coalesce(a.active_alarms, 0) END
                  AS active_alarms,
                CASE WHEN s.id = ANY($5::int[]) THEN coalesce(u.units, 0) END AS units,
                coalesce(u.charging, 0) AS units_charging, coalesce(u.standby, 0) AS units_standby,
                coalesce(u.offline, 0) AS units_offline, coalesce(u.error, 0) AS units_error
           FROM sites s LEFT JOIN states b ON b.site_id = s.id LEFT JOIN licences l ON l.site_id = s.id
           LEFT JOIN alarms a ON a.site_id = s.id LEFT JOIN units u ON u.site_id = s.id
          ORDER BY s.id`,
        [siteIds, scope.licences, scope.batteryAlarms, scope.stationAlarms, scope.stations],
      );
      return rows.map((row) => ({ operatingSiteId: row.site_id, ...toFigures(row) }));
    },

    /**
     * The batteries that need attention, worst first, and how many there are in all (in one pass). The sites are
     * materialised: inlined, each row would work out its site's day in the site's time zone again.
     */
    async attention(siteIds: readonly number[]): Promise<{ batteries: AttentionBattery[]; totalCount: number }> {
      const rows = await db.query<AttentionRow>(
        `WITH sites AS MATERIALIZED (${SITES}), live AS (${LIVE})
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

    /** A page of the figure's batteries at the sites, by site and name, and how many there are in all. */
    async batteries(
      siteIds: readonly number[],
      figure: FigureList,
      page: { offset: number; limit: number },
    ): Promise<{ batteries: FigureBattery[]; totalCount: number }> {
      const rows = await db.query<FigureBatteryRow>(
        `WITH sites AS MATERIALIZED (${SITES})
         SELECT b.serial_number, b.name, b.operating_site_id, ${STATE} AS state, b.current_error_code,
                b.soc::float8 AS soc, b.last_data_timestamp,
                to_char(b.next_service_date, 'YYYY-MM-DD') AS next_service_date,
                coalesce(${ERROR_WITHIN_24H}, false) AS error_within_24h, count(*) OVER ()::int AS total_count
           FROM battery b JOIN sites s ON s.id = b.operating_site_id
          WHERE ${FIGURE_WHERE[figure]}
          ORDER BY b.operating_site_id, b.name, b.serial_number OFFSET $2 LIMIT $3`,
        [siteIds, page.offset, page.limit],
      );
      return { batteries: rows.map(toFigureBattery), totalCount: rows[0]?.total_count ?? 0 };
    },
  };
}
