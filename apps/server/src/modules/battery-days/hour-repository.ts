import type { Queryable } from '../../db/database';
import type { DayTotals } from './attribution';

const CHUNK_ROWS = 5000;

/** Adds hour deltas to the stored rows (creating them when missing); `date` is the hour's start. */
const UPSERT_HOURS = `
  INSERT INTO battery_hour AS h (battery_serial_number, operating_site_id, hour, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, low_soc_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms,
    offline_ms, min_soc, max_soc, soh)
  SELECT serial, site, hour, charged::numeric / 1000000, discharged::numeric / 1000000, operating, low_soc,
    charging, discharging, standby, idle, error, offline, min_soc, max_soc, soh
  FROM jsonb_to_recordset($1::jsonb) AS r(serial text, site int, hour timestamptz, charged bigint,
    discharged bigint, operating bigint, low_soc bigint, charging bigint, discharging bigint, standby bigint,
    idle bigint, error bigint, offline bigint, min_soc float8, max_soc float8, soh float8)
  ON CONFLICT (battery_serial_number, operating_site_id, hour) DO UPDATE SET
    energy_charged_kwh = h.energy_charged_kwh + EXCLUDED.energy_charged_kwh,
    energy_discharged_kwh = h.energy_discharged_kwh + EXCLUDED.energy_discharged_kwh,
    operating_ms = h.operating_ms + EXCLUDED.operating_ms,
    low_soc_ms = h.low_soc_ms + EXCLUDED.low_soc_ms,
    charging_ms = h.charging_ms + EXCLUDED.charging_ms,
    discharging_ms = h.discharging_ms + EXCLUDED.discharging_ms,
    standby_ms = h.standby_ms + EXCLUDED.standby_ms,
    idle_ms = h.idle_ms + EXCLUDED.idle_ms,
    error_ms = h.error_ms + EXCLUDED.error_ms,
    offline_ms = h.offline_ms + EXCLUDED.offline_ms,
    min_soc = least(h.min_soc, EXCLUDED.min_soc),
    max_soc = greatest(h.max_soc, EXCLUDED.max_soc),
    soh = coalesce(EXCLUDED.soh, h.soh)`;

/** New hour rows in typed arrays: about 4x faster than JSON for the demo history's 650,000 rows. */
const INSERT_NEW_HOURS = `
  INSERT INTO battery_hour (battery_serial_number, operating_site_id, hour, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, low_soc_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms,
    offline_ms, min_soc, max_soc, soh)
  SELECT serial, site, to_timestamp(hour_ms / 1000.0), charged::numeric / 1000000, discharged::numeric / 1000000,
    operating, low_soc, charging, discharging, standby, idle, error, offline, min_soc, max_soc, soh
  FROM unnest($1::text[], $2::int[], $3::float8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[],
    $9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[], $14::float8[], $15::float8[], $16::float8[])
    AS r(serial, site, hour_ms, charged, discharged, operating, low_soc, charging, discharging, standby, idle,
      error, offline, min_soc, max_soc, soh)`;
const NEW_HOURS_CHUNK_ROWS = 50_000;

const hourRow = (hour: DayTotals) => ({
  serial: hour.serialNumber,
  site: hour.siteId,
  hour: hour.date,
  charged: hour.chargedUkwh,
  discharged: hour.dischargedUkwh,
  operating: hour.operatingMs,
  low_soc: hour.lowSocMs,
  charging: hour.chargingMs,
  discharging: hour.dischargingMs,
  standby: hour.standbyMs,
  idle: hour.idleMs,
  error: hour.errorMs,
  offline: hour.offlineMs,
  min_soc: hour.minSoc,
  max_soc: hour.maxSoc,
  soh: hour.soh,
});

export function hourRepository(db: Queryable) {
  const add = async (hours: readonly DayTotals[]): Promise<void> => {
    for (let offset = 0; offset < hours.length; offset += CHUNK_ROWS) {
      const chunk = hours.slice(offset, offset + CHUNK_ROWS).map(hourRow);
      await db.query(UPSERT_HOURS, [JSON.stringify(chunk)]);
    }
  };
  return {
    add,

    /** Stores hours that have no row yet (a history seeded into empty tables). */
    async insertNew(hours: readonly DayTotals[]): Promise<void> {
      for (let offset = 0; offset < hours.length; offset += NEW_HOURS_CHUNK_ROWS) {
        const chunk = hours.slice(offset, offset + NEW_HOURS_CHUNK_ROWS);
        await db.query(INSERT_NEW_HOURS, [
          chunk.map((hour) => hour.serialNumber),
          chunk.map((hour) => hour.siteId),
          chunk.map((hour) => Date.parse(hour.date)),
          chunk.map((hour) => hour.chargedUkwh),
          chunk.map((hour) => hour.dischargedUkwh),
          chunk.map((hour) => hour.operatingMs),
          chunk.map((hour) => hour.lowSocMs),
          chunk.map((hour) => hour.chargingMs),
          chunk.map((hour) => hour.dischargingMs),
          chunk.map((hour) => hour.standbyMs),
          chunk.map((hour) => hour.idleMs),
          chunk.map((hour) => hour.errorMs),
          chunk.map((hour) => hour.offlineMs),
          chunk.map((hour) => hour.minSoc),
          chunk.map((hour) => hour.maxSoc),
          chunk.map((hour) => hour.soh),
        ]);
      }
    },

    /** Replaces a battery's hours starting in [fromMs, toMs) (a recompute). */
    async replace(serial: string, range: { fromMs: number; toMs: number }, hours: readonly DayTotals[]) {
      await db.query('DELETE FROM battery_hour WHERE battery_serial_number = $1 AND hour >= $2 AND hour < $3', [
        serial,
        new Date(range.fromMs).toISOString(),
        new Date(range.toMs).toISOString(),
      ]);
      await add(hours);
    },
  };
}
