import type { Queryable } from '../../db/database';
import type { DayTotals } from '../rollups/attribution';

const CHUNK_ROWS = 5000;

/** Adds hour deltas to the stored rows (creating them when missing); `date` is the hour's start. */
const UPSERT_HOURS = `
  INSERT INTO battery_hour AS h (battery_serial_number, operating_site_id, hour, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, low_soc_ms)
  SELECT serial, site, hour, charged::numeric / 1000000, discharged::numeric / 1000000, operating, low_soc
  FROM jsonb_to_recordset($1::jsonb) AS r(serial text, site int, hour timestamptz, charged bigint,
    discharged bigint, operating bigint, low_soc bigint)
  ON CONFLICT (battery_serial_number, operating_site_id, hour) DO UPDATE SET
    energy_charged_kwh = h.energy_charged_kwh + EXCLUDED.energy_charged_kwh,
    energy_discharged_kwh = h.energy_discharged_kwh + EXCLUDED.energy_discharged_kwh,
    operating_ms = h.operating_ms + EXCLUDED.operating_ms,
    low_soc_ms = h.low_soc_ms + EXCLUDED.low_soc_ms`;

/** New hour rows in typed arrays: about 4x faster than JSON for the demo history's 650,000 rows. */
const INSERT_NEW_HOURS = `
  INSERT INTO battery_hour (battery_serial_number, operating_site_id, hour, energy_charged_kwh,
    energy_discharged_kwh, operating_ms, low_soc_ms)
  SELECT serial, site, to_timestamp(hour_ms / 1000.0), charged::numeric / 1000000, discharged::numeric / 1000000,
    operating, low_soc
  FROM unnest($1::text[], $2::int[], $3::float8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[])
    AS r(serial, site, hour_ms, charged, discharged, operating, low_soc)`;
const NEW_HOURS_CHUNK_ROWS = 50_000;

const hourRow = (hour: DayTotals) => ({
  serial: hour.serialNumber,
  site: hour.siteId,
  hour: hour.date,
  charged: hour.chargedUkwh,
  discharged: hour.dischargedUkwh,
  operating: hour.operatingMs,
  low_soc: hour.lowSocMs,
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
