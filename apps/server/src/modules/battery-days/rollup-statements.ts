import type { BatteryCursor, ChargeSession, DayTotals } from './attribution';

/** The roll-up tables' upserts, fed a JSON array of rows (the row mappers below). */

const iso = (value: number) => new Date(value).toISOString();

const DAY_COLUMNS = `serial text, site int, day date, tz text, charged bigint, discharged bigint, operating bigint,
  charging bigint, discharging bigint, standby bigint, idle bigint, error bigint, offline bigint, low_soc bigint,
  sessions int, min_soc float8, max_soc float8, soh float8`;

/** Adds day deltas to the stored rows (creating them when missing). */
export const UPSERT_DAYS = `
  INSERT INTO battery_day AS d (battery_serial_number, operating_site_id, day, timezone, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms, offline_ms,
    low_soc_ms, charge_sessions, min_soc, max_soc, soh)
  SELECT serial, site, day, tz, charged::numeric / 1000000, discharged::numeric / 1000000, operating, charging,
    discharging, standby, idle, error, offline, low_soc, sessions, min_soc, max_soc, soh
  FROM jsonb_to_recordset($1::jsonb) AS r(${DAY_COLUMNS})
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
    soh = COALESCE(EXCLUDED.soh, d.soh)`;

export const UPSERT_SESSIONS = `
  INSERT INTO charge_session (battery_serial_number, start_at, end_at, operating_site_id, start_soc, end_soc,
    energy_kwh, charger_serial, is_open)
  SELECT serial, start_at, end_at, site, start_soc, end_soc, energy::numeric / 1000000, charger, open
  FROM jsonb_to_recordset($1::jsonb) AS r(serial text, start_at timestamptz, end_at timestamptz, site int,
    start_soc float8, end_soc float8, energy bigint, charger text, open boolean)
  ON CONFLICT (battery_serial_number, start_at) DO UPDATE SET end_at = EXCLUDED.end_at,
    end_soc = EXCLUDED.end_soc, energy_kwh = EXCLUDED.energy_kwh, charger_serial = EXCLUDED.charger_serial,
    is_open = EXCLUDED.is_open`;

export const UPSERT_CURSORS = `
  INSERT INTO rollup_cursor (battery_serial_number, sample_at, operating_site_id, state, soc, soh, charger_serial,
    total_charged_ukwh, total_discharged_ukwh)
  SELECT serial, sample_at, site, state, soc, soh, charger, charged, discharged
  FROM jsonb_to_recordset($1::jsonb) AS r(serial text, sample_at timestamptz, site int, state text, soc float8,
    soh float8, charger text, charged bigint, discharged bigint)
  ON CONFLICT (battery_serial_number) DO UPDATE SET sample_at = EXCLUDED.sample_at,
    operating_site_id = EXCLUDED.operating_site_id, state = EXCLUDED.state, soc = EXCLUDED.soc, soh = EXCLUDED.soh,
    charger_serial = EXCLUDED.charger_serial, total_charged_ukwh = EXCLUDED.total_charged_ukwh,
    total_discharged_ukwh = EXCLUDED.total_discharged_ukwh`;

export const dayRow = (day: DayTotals) => ({
  serial: day.serialNumber,
  site: day.siteId,
  day: day.date,
  tz: day.timeZone,
  charged: day.chargedUkwh,
  discharged: day.dischargedUkwh,
  operating: day.operatingMs,
  charging: day.chargingMs,
  discharging: day.dischargingMs,
  standby: day.standbyMs,
  idle: day.idleMs,
  error: day.errorMs,
  offline: day.offlineMs,
  low_soc: day.lowSocMs,
  sessions: day.chargeSessions,
  min_soc: day.minSoc,
  max_soc: day.maxSoc,
  soh: day.soh,
});

export const sessionRow = (session: ChargeSession) => ({
  serial: session.serialNumber,
  start_at: iso(session.startAt),
  end_at: iso(session.endAt),
  site: session.siteId,
  start_soc: session.startSoc,
  end_soc: session.endSoc,
  energy: session.energyUkwh,
  charger: session.chargerSerial,
  open: session.open,
});

export const cursorRow = ({ serialNumber, last }: BatteryCursor) => ({
  serial: serialNumber,
  sample_at: iso(last.ts),
  site: last.siteId,
  state: last.state,
  soc: last.soc,
  soh: last.soh,
  charger: last.chargerSerial,
  charged: last.chargedUkwh,
  discharged: last.dischargedUkwh,
});
