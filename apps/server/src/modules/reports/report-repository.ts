import type { ReportBattery } from '@cbm/contracts/reports';
import type { Theme } from '@cbm/contracts/themes';
import type { Queryable } from '../../db/database';
import type { FigureSample, ReportSample } from './report-csv';

export interface ReportSite {
  name: string;
  timezone: string;
  currency: string;
  pricePerKwh: number;
}

/** What the PDF shows of the battery. */
export interface ReportBatteryInfo {
  serialNumber: string;
  name: string;
  batteryType: string;
  product: string;
  cellType: string | null;
  capacityAh: number | null;
  nominalEnergyKwh: number | null;
  nominalVoltage: number | null;
  chargerName: string | null;
}

export interface ReportUser {
  firstName: string;
  lastName: string;
  theme: Theme;
}

const SAMPLE_COLUMNS = `serial_number AS "serialNumber", (extract(epoch FROM ts) * 1000)::float8 AS ts, state, soc, soh,
  stack_voltage AS "stackVoltage", current_a AS current, min_cell_voltage AS "minCellVoltage",
  max_cell_voltage AS "maxCellVoltage", min_cell_temperature AS "minCellTemperature",
  max_cell_temperature AS "maxCellTemperature", board_temperature AS "boardTemperature",
  charger_serial AS "chargerSerial", total_energy_charged_kwh AS "totalEnergyChargedKwh",
  total_energy_discharged_kwh AS "totalEnergyDischargedKwh", total_charging_hours AS "totalChargingHours",
  total_discharging_hours AS "totalDischargingHours", total_standby_hours AS "totalStandbyHours"`;

const FIGURE_COLUMNS = `(extract(epoch FROM ts) * 1000)::float8 AS ts, state, soc, soh, charger_serial AS "chargerSerial",
  total_energy_charged_kwh AS "totalEnergyChargedKwh", total_energy_discharged_kwh AS "totalEnergyDischargedKwh"`;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Reads for reports. Samples count only while the battery was at the report's site: a battery moved
 * here from another organisation does not bring that organisation's data along.
 */
export function reportRepository(db: Queryable) {
  return {
    async batteries(siteId: number): Promise<ReportBattery[]> {
      return db.query<ReportBattery>(
        `SELECT serial_number AS "batterySerialNumber", name AS "batteryName"
           FROM battery WHERE operating_site_id = $1 ORDER BY serial_number`,
        [siteId],
      );
    },

    async battery(siteId: number, serial: string): Promise<ReportBatteryInfo | undefined> {
      const [row] = await db.query<ReportBatteryInfo>(
        `SELECT b.serial_number AS "serialNumber", b.name, b.battery_type AS "batteryType", b.product,
                b.cell_type AS "cellType", b.battery_capacity_ah::float8 AS "capacityAh",
                b.nominal_energy_kwh::float8 AS "nominalEnergyKwh", b.nominal_voltage::float8 AS "nominalVoltage",
                c.name AS "chargerName"
           FROM battery b LEFT JOIN charger c ON c.id = b.charger_id
          WHERE b.operating_site_id = $1 AND b.serial_number = $2`,
        [siteId, serial],
      );
      return row;
    },

    async site(siteId: number): Promise<ReportSite | undefined> {
      const [row] = await db.query<ReportSite>(
        `SELECT n.name, o.timezone, o.currency, o.price_per_kwh::float8 AS "pricePerKwh"
           FROM operating_site o JOIN site_node n ON n.id = o.id WHERE o.id = $1`,
        [siteId],
      );
      return row;
    },

    async user(userId: number): Promise<ReportUser | undefined> {
      const [row] = await db.query<ReportUser>(
        'SELECT first_name AS "firstName", last_name AS "lastName", theme FROM app_user WHERE id = $1',
        [userId],
      );
      return row;
    },

    /** First and last sample time in unix seconds (the last rounded up: a period ends before its end). */
    async dataRange(siteId: number, serial: string): Promise<{ min: number | null; max: number | null }> {
      const [row] = await db.query<{ min: number | null; max: number | null }>(
        `SELECT floor(extract(epoch FROM min(ts)))::float8 AS min, (floor(extract(epoch FROM max(ts))) + 1)::float8 AS max
           FROM battery_sample WHERE serial_number = $1 AND operating_site_id = $2`,
        [serial, siteId],
      );
      return { min: row?.min ?? null, max: row?.max ?? null };
    },

    /** The battery's samples in [fromMs, toMs), oldest first, in batches (keyset pages on the primary key). */
    samples(siteId: number, serial: string, fromMs: number, toMs: number, batchSize = 10_000) {
      return pages<ReportSample>(SAMPLE_COLUMNS, siteId, serial, fromMs, toMs, batchSize);
    },

    /** Only what the figures need, in bigger pages: a year of minute samples is 525,600 rows. */
    figureSamples(siteId: number, serial: string, fromMs: number, toMs: number, batchSize = 50_000) {
      return pages<FigureSample>(FIGURE_COLUMNS, siteId, serial, fromMs, toMs, batchSize);
    },
  };

  async function* pages<Row extends { ts: number }>(
    columns: string,
    siteId: number,
    serial: string,
    fromMs: number,
    toMs: number,
    batchSize: number,
  ) {
    let after = iso(fromMs - 1);
    for (;;) {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM battery_sample
            WHERE serial_number = $1 AND ts > $2 AND ts >= $3 AND ts < $4 AND operating_site_id = $5
            ORDER BY ts LIMIT $6`,
        [serial, after, iso(fromMs), iso(toMs), siteId, batchSize],
      );
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      after = iso(last.ts);
    }
  }
}
