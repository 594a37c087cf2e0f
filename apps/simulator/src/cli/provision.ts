import type { BatterySpec } from '../devices/device-specs';

const BATCH = 10_000;

/**
 * Inserts load-test batteries into an operating site of the platform's PostgreSQL database, so that
 * ingestion accepts their messages; batteries that exist already are left alone.
 */
export async function provisionBatteries(databaseUrl: string, siteId: number, batteries: readonly BatterySpec[]) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let inserted = 0;
  try {
    for (let start = 0; start < batteries.length; start += BATCH) {
      const batch = batteries.slice(start, start + BATCH);
      const result = await client.query(
        `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product, cell_type,
                              battery_capacity_ah, nominal_voltage, nominal_energy_kwh)
         SELECT serial, $1, serial, type, product, 'LFP prismatic', capacity, voltage, round(capacity * voltage / 1000, 2)
           FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[])
                AS b (serial, type, product, capacity, voltage)
         ON CONFLICT (serial_number) DO NOTHING`,
        [
          siteId,
          batch.map((battery) => battery.serialNumber),
          batch.map((battery) => battery.batteryType),
          batch.map((battery) => battery.product ?? battery.batteryType),
          batch.map((battery) => battery.capacityAh),
          batch.map((battery) => battery.nominalVoltage),
        ],
      );
      inserted += result.rowCount ?? 0;
    }
  } finally {
    await client.end();
  }
  return inserted;
}
