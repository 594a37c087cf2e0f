import { type ArrayColumn, arrayRows } from '../../db/array-rows';
import type { BatteryCursor, ChargeSession, DayTotals } from './attribution';

/** The roll-up tables' upserts, each fed its rows as one typed array per column (arrayRows). */

/** An upsert fed a chunk of rows as its parameters. */
export interface RowsStatement<Row> {
  sql: string;
  params(rows: readonly Row[]): string[];
}

/**
 * The columns an hour row and a day row share: the battery, its site and the figures of the period.
 * The hour and the day rows add their own instant (and the day its zone and charge sessions).
 */
export const PERIOD_COLUMNS: readonly ArrayColumn<DayTotals>[] = [
  { name: 'serial', type: 'text', value: (period) => period.serialNumber },
  { name: 'site', type: 'int4', value: (period) => period.siteId },
  { name: 'charged', type: 'int8', value: (period) => period.chargedUkwh },
  { name: 'discharged', type: 'int8', value: (period) => period.dischargedUkwh },
  { name: 'operating', type: 'int8', value: (period) => period.operatingMs },
  { name: 'charging', type: 'int8', value: (period) => period.chargingMs },
  { name: 'discharging', type: 'int8', value: (period) => period.dischargingMs },
  { name: 'standby', type: 'int8', value: (period) => period.standbyMs },
  { name: 'idle', type: 'int8', value: (period) => period.idleMs },
  { name: 'error', type: 'int8', value: (period) => period.errorMs },
  { name: 'offline', type: 'int8', value: (period) => period.offlineMs },
  { name: 'low_soc', type: 'int8', value: (period) => period.lowSocMs },
  { name: 'min_soc', type: 'float8', value: (period) => period.minSoc },
  { name: 'max_soc', type: 'float8', value: (period) => period.maxSoc },
  { name: 'soh', type: 'float8', value: (period) => period.soh },
];

const DAY_ROWS = arrayRows<DayTotals>('r', [
  ...PERIOD_COLUMNS,
  { name: 'day', type: 'date', value: (day) => day.date },
  { name: 'tz', type: 'text', value: (day) => day.timeZone },
  { name: 'sessions', type: 'int4', value: (day) => day.chargeSessions },
]);

/** Adds day deltas to the stored rows (creating them when missing). */
export const UPSERT_DAYS: RowsStatement<DayTotals> = {
  params: DAY_ROWS.params,
  sql: `
  INSERT INTO battery_day AS d (battery_serial_number, operating_site_id, day, timezone, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms, offline_ms,
    low_soc_ms, charge_sessions, min_soc, max_soc, soh)
  SELECT serial, site, day, tz, charged::numeric / 1000000, discharged::numeric / 1000000, operating, charging,
    discharging, standby, idle, error, offline, low_soc, sessions, min_soc, max_soc, soh
  FROM ${DAY_ROWS.from}
  ON CONFLICT (battery_serial_number, operating_site_id, day) DO UPDATE SET
    timezone = EXCLUDED.timezone,
    energy_charged_kwh = d.energy_charged_kwh + EXCLUDED.energy_charged_kwh,
    energy_discharged_kwh = d.energy_discharged_kwh + EXCLUDED.energy_discharged_kwh,
    operating_ms = d.operating_ms + EXCLUDED.operating_ms,
    charging_ms = d.charging_ms + EXCLUDED.charging_ms,
    discharging_ms = d.discharging_ms + EXCLUDED.discharging_ms,
    standby_ms = d.standby_ms + EXCLUDED.standby_ms,
    idle_ms = d.idle_ms + EXCLUDED.idle_ms,
    error_ms = d.error_ms + EXCLUDED.error_ms,
    offline_ms = d.offline_ms + EXCLUDED.offline_ms,
    low_soc_ms = d.low_soc_ms + EXCLUDED.low_soc_ms,
    charge_sessions = d.charge_sessions + EXCLUDED.charge_sessions,
    min_soc = LEAST(d.min_soc, EXCLUDED.min_soc),
    max_soc = GREATEST(d.max_soc, EXCLUDED.max_soc),
    soh = COALESCE(EXCLUDED.soh, d.soh)`,
};

const SESSION_ROWS = arrayRows<ChargeSession>('r', [
  { name: 'serial', type: 'text', value: (session) => session.serialNumber },
  { name: 'start_at', type: 'timestamptz', value: (session) => session.startAt },
  { name: 'end_at', type: 'timestamptz', value: (session) => session.endAt },
  { name: 'site', type: 'int4', value: (session) => session.siteId },
  { name: 'start_soc', type: 'float8', value: (session) => session.startSoc },
  { name: 'end_soc', type: 'float8', value: (session) => session.endSoc },
  { name: 'energy', type: 'int8', value: (session) => session.energyUkwh },
  { name: 'charger', type: 'text', value: (session) => session.chargerSerial },
  { name: 'open', type: 'bool', value: (session) => session.open },
]);

export const UPSERT_SESSIONS: RowsStatement<ChargeSession> = {
  params: SESSION_ROWS.params,
  sql: `
  INSERT INTO charge_session (battery_serial_number, start_at, end_at, operating_site_id, start_soc, end_soc,
    energy_kwh, charger_serial, is_open)
  SELECT serial, start_at, end_at, site, start_soc, end_soc,
    energy::numeric / 1000000, charger, open
  FROM ${SESSION_ROWS.from}
  ON CONFLICT (battery_serial_number, start_at) DO UPDATE SET end_at = EXCLUDED.end_at,
    end_soc = EXCLUDED.end_soc, energy_kwh = EXCLUDED.energy_kwh, charger_serial = EXCLUDED.charger_serial,
    is_open = EXCLUDED.is_open`,
};

const CURSOR_ROWS = arrayRows<BatteryCursor>('r', [
  { name: 'serial', type: 'text', value: (cursor) => cursor.serialNumber },
  { name: 'sample_at', type: 'timestamptz', value: (cursor) => cursor.last.ts },
  { name: 'site', type: 'int4', value: (cursor) => cursor.last.siteId },
  { name: 'state', type: 'text', value: (cursor) => cursor.last.state },
  { name: 'soc', type: 'float8', value: (cursor) => cursor.last.soc },
  { name: 'soh', type: 'float8', value: (cursor) => cursor.last.soh },
  { name: 'charger', type: 'text', value: (cursor) => cursor.last.chargerSerial },
  { name: 'charged', type: 'int8', value: (cursor) => cursor.last.chargedUkwh },
  { name: 'discharged', type: 'int8', value: (cursor) => cursor.last.dischargedUkwh },
]);

export const UPSERT_CURSORS: RowsStatement<BatteryCursor> = {
  params: CURSOR_ROWS.params,
  sql: `
  INSERT INTO rollup_cursor (battery_serial_number, sample_at, operating_site_id, state, soc, soh, charger_serial,
    total_charged_ukwh, total_discharged_ukwh)
  SELECT serial, sample_at, site, state, soc, soh, charger, charged, discharged
  FROM ${CURSOR_ROWS.from}
  ON CONFLICT (battery_serial_number) DO UPDATE SET sample_at = EXCLUDED.sample_at,
    operating_site_id = EXCLUDED.operating_site_id, state = EXCLUDED.state, soc = EXCLUDED.soc, soh = EXCLUDED.soh,
    charger_serial = EXCLUDED.charger_serial, total_charged_ukwh = EXCLUDED.total_charged_ukwh,
    total_discharged_ukwh = EXCLUDED.total_discharged_ukwh`,
};
