import { ERROR_FLAG_WINDOW_HOURS } from '@cbm/contracts/constants';
import type { BatteryLiveStatus } from '@cbm/contracts/device-protocol';
import {
  LIVE_VIEW_AUTOCOMPLETE_LIMIT,
  LIVE_VIEW_FIELDS,
  type LiveViewBattery,
  type LiveViewConnectivity,
  type LiveViewFormat,
  NETWORK_PROBLEM_MIN_DEVICES,
  NETWORK_PROBLEM_SHARE,
  NETWORK_PROBLEM_WINDOW_MINUTES,
} from '@cbm/contracts/live-view';
import { statusesMatching } from '@cbm/contracts/live-view-search';
import type { Queryable } from '../../db/database';

interface LiveViewRow {
  serial_number: string;
  name: string;
  group_id: number | null;
  group_name: string | null;
  battery_type: string;
  status: BatteryLiveStatus;
  online: boolean | null;
  soc: number | null;
  soh: number | null;
  stack_voltage: number | null;
  min_cell_temperature: number | null;
  max_cell_temperature: number | null;
  charger_name: string | null;
  last_data_timestamp: Date | null;
  next_service_date: string | null;
  current_error_code: string | null;
  error_within_24h: boolean;
  total_count?: number;
}

const toBattery = (row: LiveViewRow): LiveViewBattery => ({
  batterySerialNumber: row.serial_number,
  batteryName: row.name,
  groupId: row.group_id,
  groupName: row.group_name,
  type: row.battery_type,
  status: row.status,
  online: row.online,
  soc: row.soc,
  soh: row.soh,
  stackVoltage: row.stack_voltage,
  minCellTemperature: row.min_cell_temperature,
  maxCellTemperature: row.max_cell_temperature,
  chargerName: row.charger_name,
  lastDataTimestamp: row.last_data_timestamp ? new Date(row.last_data_timestamp).toISOString() : null,
  nextServiceDate: row.next_service_date,
  currentErrorCode: row.current_error_code,
  hasCurrentError: row.current_error_code !== null,
  errorWithin24h: row.error_within_24h,
});

/**
 * The charger the battery is plugged into by its newest telemetry (`chargerSerial`): a registered one by
 * name, another by its serial, none when the telemetry says none. Before any telemetry, the charger an
 * administrator assigned (decision 022).
 */
const CHARGER_NAME = `CASE WHEN b.telemetry_state IS NULL THEN c.name
  ELSE coalesce(tc.name, b.telemetry_charger_serial) END`;

/** A current error reads as status 'error' while the battery is connected (migration 069, decision 139). */
const STATUS = 'battery_shown_status(b.status, b.current_error_code)';

// Only what the screen shows.
const COLUMNS = `b.serial_number, b.name, b.group_id, g.name AS group_name, b.battery_type,
  ${STATUS} AS status, b.online,
  b.soc::float8 AS soc, b.soh::float8 AS soh, b.stack_voltage::float8 AS stack_voltage,
  b.min_cell_temperature::float8 AS min_cell_temperature, b.max_cell_temperature::float8 AS max_cell_temperature,
  ${CHARGER_NAME} AS charger_name, b.last_data_timestamp, to_char(b.next_service_date, 'YYYY-MM-DD') AS next_service_date,
  b.current_error_code,
  coalesce(b.last_error_at >= now() - make_interval(hours => ${ERROR_FLAG_WINDOW_HOURS}), false) AS error_within_24h`;

const JOINS = `LEFT JOIN battery_group g ON g.id = b.group_id
  LEFT JOIN charger c ON c.id = b.charger_id
  LEFT JOIN charger tc ON tc.serial_number = b.telemetry_charger_serial`;
const FROM = `FROM battery b ${JOINS}`;

/** A search matches a part of the name or the serial number, ignoring case; % and _ are literal. */
const likePattern = (search: string | undefined) =>
  search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;

const BY_NAME = `($2::text IS NULL OR b.name ILIKE $2 OR b.serial_number ILIKE $2)`;
/** By name or serial, or by the states the text names (the parameter `statuses`, decision 039). */
const SEARCH = (statuses: string) => `(${BY_NAME} OR ${STATUS} = ANY(${statuses}::text[]))`;

export interface LiveViewPage {
  offset: number;
  limit: number;
  search?: string | undefined;
}

type LiveViewJsonPage = LiveViewPage & { format: LiveViewFormat };

// The same fields built as JSON inside the database: 99,999 batteries leave it as one text value instead of
// 99,999 rows to decode (on PGlite about 10× faster), and are sent on as they are.
const FIELDS: Record<keyof LiveViewBattery, string> = {
  batterySerialNumber: 'b.serial_number',
  batteryName: 'b.name',
  groupId: 'b.group_id',
  groupName: 'g.name',
  type: 'b.battery_type',
  status: STATUS,
  online: 'b.online',
  soc: 'b.soc::float8',
  soh: 'b.soh::float8',
  stackVoltage: 'b.stack_voltage::float8',
  minCellTemperature: 'b.min_cell_temperature::float8',
  maxCellTemperature: 'b.max_cell_temperature::float8',
  chargerName: CHARGER_NAME,
  lastDataTimestamp: `to_char(b.last_data_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  nextServiceDate: "to_char(b.next_service_date, 'YYYY-MM-DD')",
  currentErrorCode: 'b.current_error_code',
  hasCurrentError: 'b.current_error_code IS NOT NULL',
  errorWithin24h: `coalesce(b.last_error_at >= now() - make_interval(hours => ${ERROR_FLAG_WINDOW_HOURS}), false)`,
};

/** A battery as the answer's JSON: an object, or its values in the order of LIVE_VIEW_FIELDS (decision 057). */
const batteryJson = (format: LiveViewFormat) =>
  format === 'compact'
    ? `json_build_array(${LIVE_VIEW_FIELDS.map((field) => FIELDS[field]).join(', ')})`
    : `json_build_object(${LIVE_VIEW_FIELDS.map((field) => `'${field}', ${FIELDS[field]}`).join(', ')})`;

/** The answer's fields besides the batteries and the count: the compact answer names its values' order. */
const FIELDS_JSON = `'fields', '${JSON.stringify(LIVE_VIEW_FIELDS)}'::json,`;

export function liveViewRepository(db: Queryable) {
  return {
    /** Like `list`, as the JSON text of the response body ({batteries, totalCount}, or compact); JSON only for the page. */
    async listJson(siteId: number, { offset, limit, search, format }: LiveViewJsonPage): Promise<string> {
      if (!search) return this.pageJson(siteId, offset, limit, format);
      const [row] = await db.query<{ body: string }>(
        `WITH matching AS (
           SELECT b.serial_number, b.name FROM battery b WHERE b.operating_site_id = $1 AND ${SEARCH('$5')}
         ), page AS (SELECT * FROM matching ORDER BY name, serial_number OFFSET $3 LIMIT $4)
         SELECT json_build_object(${format === 'compact' ? FIELDS_JSON : ''}
                  'batteries', coalesce((SELECT json_agg(${batteryJson(format)} ORDER BY b.name, b.serial_number)
                                           FROM page JOIN battery b USING (serial_number) ${JOINS}), '[]'::json),
                  'totalCount', (SELECT count(*) FROM matching))::text AS body`,
        [siteId, likePattern(search), offset, limit, statusesMatching(search)],
      );
      return row?.body as string;
    },

    /**
     * Without a search: the page in index order, and the site's total from the counts the battery's triggers
     * keep (site_battery_health, decision 045), so neither depends on the site's size (decision 054).
     */
    async pageJson(siteId: number, offset: number, limit: number, format: LiveViewFormat): Promise<string> {
      const [row] = await db.query<{ body: string }>(
        `WITH page AS (
           SELECT serial_number, name FROM battery WHERE operating_site_id = $1
            ORDER BY name, serial_number OFFSET $2 LIMIT $3
         )
         SELECT json_build_object(${format === 'compact' ? FIELDS_JSON : ''}
                  'batteries', coalesce((SELECT json_agg(${batteryJson(format)} ORDER BY b.name, b.serial_number)
                                           FROM page JOIN battery b USING (serial_number) ${JOINS}), '[]'::json),
                  'totalCount', (SELECT coalesce(sum(batteries), 0) FROM site_battery_health
                                  WHERE operating_site_id = $1))::text AS body`,
        [siteId, offset, limit],
      );
      return row?.body as string;
    },

    /** One page of the site's batteries by name, with the count of all that match. */
    async list(siteId: number, { offset, limit, search }: LiveViewPage) {
      const rows = await db.query<LiveViewRow>(
        `SELECT ${COLUMNS}, count(*) OVER ()::int AS total_count ${FROM}
          WHERE b.operating_site_id = $1 AND ${SEARCH('$5')}
          ORDER BY b.name, b.serial_number OFFSET $3 LIMIT $4`,
        [siteId, likePattern(search), offset, limit, statusesMatching(search)],
      );
      const totalCount = rows[0]?.total_count ?? (offset > 0 ? await this.count(siteId, search) : 0);
      return { batteries: rows.map(toBattery), totalCount };
    },

    async count(siteId: number, search: string | undefined): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM battery b WHERE b.operating_site_id = $1 AND ${SEARCH('$3')}`,
        [siteId, likePattern(search), statusesMatching(search)],
      );
      return row?.count ?? 0;
    },

    async find(siteId: number, serial: string): Promise<LiveViewBattery | undefined> {
      const [row] = await db.query<LiveViewRow>(
        `SELECT ${COLUMNS} ${FROM} WHERE b.operating_site_id = $1 AND b.serial_number = $2`,
        [siteId, serial],
      );
      return row && toBattery(row);
    },

    /** Name and group of the site's battery, locked until the transaction ends. */
    async lock(siteId: number, serial: string) {
      const [row] = await db.query<{ name: string; group_id: number | null }>(
        'SELECT name, group_id FROM battery WHERE operating_site_id = $1 AND serial_number = $2 FOR UPDATE',
        [siteId, serial],
      );
      return row && { batteryName: row.name, groupId: row.group_id };
    },

    async update(serial: string, change: { batteryName: string; groupId: number | null }) {
      await db.query('UPDATE battery SET name = $2, group_id = $3 WHERE serial_number = $1', [
        serial,
        change.batteryName,
        change.groupId,
      ]);
    },

    /** Names and serials for the search field's suggestions. */
    async suggest(siteId: number, search: string | undefined) {
      const rows = await db.query<{ serial_number: string; name: string }>(
        `SELECT b.serial_number, b.name FROM battery b WHERE b.operating_site_id = $1 AND ${BY_NAME}
          ORDER BY b.name, b.serial_number LIMIT ${LIVE_VIEW_AUTOCOMPLETE_LIMIT}`,
        [siteId, likePattern(search)],
      );
      return rows.map((row) => ({ batterySerialNumber: row.serial_number, batteryName: row.name }));
    },

    async timezone(siteId: number): Promise<string> {
      const [row] = await db.query<{ timezone: string }>('SELECT timezone FROM operating_site WHERE id = $1', [siteId]);
      return row?.timezone ?? 'UTC';
    },

    /** The rule of docs/decisions/008-network-banner.md. */
    async connectivity(siteId: number): Promise<LiveViewConnectivity> {
      // Online now from the summary the battery triggers keep, the recently dropped from their index
      // (migration 033): neither reads the site's every battery.
      const [row] = await db.query<{ dropped: number; online: number }>(
        `SELECT (SELECT count(*) FROM battery WHERE operating_site_id = $1 AND online = false
                    AND connection_changed_at >= now() - make_interval(mins => $2))::int AS dropped,
                (SELECT coalesce(sum(batteries), 0) FROM site_battery_health
                  WHERE operating_site_id = $1 AND online)::int AS online`,
        [siteId, NETWORK_PROBLEM_WINDOW_MINUTES],
      );
      const dropped = row?.dropped ?? 0;
      const connected = (row?.online ?? 0) + dropped;
      return {
        networkProblem: dropped >= NETWORK_PROBLEM_MIN_DEVICES && dropped >= connected * NETWORK_PROBLEM_SHARE,
        droppedDevices: dropped,
        connectedDevices: connected,
      };
    },
  };
}
