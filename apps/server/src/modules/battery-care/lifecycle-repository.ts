import type { Queryable } from '../../db/database';

export interface LifecycleBattery {
  nominalEnergyKwh: number | null;
  limitKwh: number | null;
  limitHours: number | null;
  limitMonths: number | null;
  productionDate: string | null;
  /** Lifetime discharge counter of the newest rolled-up sample, µkWh. */
  dischargedUkwh: number | null;
}

export interface LifecycleDay {
  date: string;
  soh: number | null;
  dischargedKwh: number;
  operatingMs: number;
}

/** What the lifecycle reads: the battery's limits and its day rows over every site (SQL stays here). */
export function lifecycleRepository(db: Queryable) {
  return {
    async battery(serial: string, siteId: number): Promise<LifecycleBattery | undefined> {
      const [row] = await db.query<LifecycleBattery>(
        `SELECT b.nominal_energy_kwh::float8 AS "nominalEnergyKwh", b.operating_limit_energy_kwh::float8 AS "limitKwh",
           b.operating_limit_hours::float8 AS "limitHours", b.operating_limit_months AS "limitMonths",
           b.production_date::text AS "productionDate", c.total_discharged_ukwh::float8 AS "dischargedUkwh"
         FROM battery b LEFT JOIN rollup_cursor c ON c.battery_serial_number = b.serial_number
         WHERE b.serial_number = $1 AND b.operating_site_id = $2`,
        [serial, siteId],
      );
      return row;
    },

    /** The serial numbers of the site's batteries. */
    async serialsAt(siteId: number): Promise<string[]> {
      const rows = await db.query<{ serial: string }>(
        'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 ORDER BY serial_number',
        [siteId],
      );
      return rows.map((row) => row.serial);
    },

    /** The site's currency and replacement battery price per kWh of nominal energy (null: not set). */
    async sitePrice(siteId: number): Promise<{ currency: string; batteryPricePerKwh: number | null }> {
      const [row] = await db.query<{ currency: string; batteryPricePerKwh: number | null }>(
        `SELECT currency, battery_price_per_kwh::float8 AS "batteryPricePerKwh" FROM operating_site WHERE id = $1`,
        [siteId],
      );
      return row ?? { currency: 'EUR', batteryPricePerKwh: null };
    },

    /** One row per local day (the lowest SoH and the sums where the battery was at two sites that day). */
    async days(serial: string): Promise<LifecycleDay[]> {
      return db.query<LifecycleDay>(
        `SELECT day::text AS date, min(soh) AS soh, sum(energy_discharged_kwh)::float8 AS "dischargedKwh",
           sum(operating_ms)::float8 AS "operatingMs"
         FROM battery_day WHERE battery_serial_number = $1 GROUP BY day ORDER BY day`,
        [serial],
      );
    },
  };
}
