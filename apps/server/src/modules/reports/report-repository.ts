import type { ReportBattery } from '@cbm/contracts/reports';
import type { Theme } from '@cbm/contracts/themes';
import type { Queryable } from '../../db/database';
import type { DayTotals } from '../battery-days/attribution';
import type { ReportSample } from './report-csv';
import type { ReportTotals } from './report-figures';

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

const iso = (ms: number) => new Date(ms).toISOString();

/** A battery's roll-up figures of one local date: integers in µkWh and ms, as the report sums them. */
export type RollupDayRow = Pick<DayTotals, 'date' | 'lowSocMs' | 'minSoc' | 'maxSoc' | 'soh'> & ReportTotals;

const ROLLUP_SUMS = `(sum(energy_charged_kwh) * 1000000)::float8 AS "chargedUkwh",
  (sum(energy_discharged_kwh) * 1000000)::float8 AS "dischargedUkwh", sum(operating_ms)::float8 AS "operatingMs",
  sum(charging_ms)::float8 AS "chargingMs", sum(discharging_ms)::float8 AS "dischargingMs",
  sum(standby_ms)::float8 AS "standbyMs", sum(idle_ms)::float8 AS "idleMs", sum(error_ms)::float8 AS "errorMs",
  sum(offline_ms)::float8 AS "offlineMs", sum(low_soc_ms)::float8 AS "lowSocMs", min(min_soc) AS "minSoc",
  max(max_soc) AS "maxSoc"`;

/**
 * A battery's roll-ups per local date of the period: the site's day rows when they were counted in the
 * report's zone (source 'day', whole days), else its hour rows, each hour on the local date it starts
 * on — the rows statistics and the export read (statistics-service's daySource).
 */
const ROLLUP_DAYS = {
  day: `SELECT to_char(day, 'YYYY-MM-DD') AS date, ${ROLLUP_SUMS}, (array_agg(soh))[1] AS soh
    FROM battery_day WHERE battery_serial_number = $1 AND operating_site_id = $2
      AND day >= ($3::timestamptz AT TIME ZONE $5)::date AND day < ($4::timestamptz AT TIME ZONE $5)::date
    GROUP BY day ORDER BY day`,
  hour: `SELECT to_char((hour AT TIME ZONE $5)::date, 'YYYY-MM-DD') AS date, ${ROLLUP_SUMS},
      (array_agg(soh ORDER BY hour DESC) FILTER (WHERE soh IS NOT NULL))[1] AS soh
    FROM battery_hour WHERE battery_serial_number = $1 AND operating_site_id = $2 AND hour >= $3 AND hour < $4
    GROUP BY 1 ORDER BY 1`,
};

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

    /**
     * The battery at the site, or a battery that moved away and left its days there: its figures there stay
     * reportable (its charger is then the new site's, so none is named).
     */
    async battery(siteId: number, serial: string): Promise<ReportBatteryInfo | undefined> {
      const [row] = await db.query<ReportBatteryInfo>(
        `SELECT b.serial_number AS "serialNumber", b.name, b.battery_type AS "batteryType", b.product,
                b.cell_type AS "cellType", b.battery_capacity_ah::float8 AS "capacityAh",
                b.nominal_energy_kwh::float8 AS "nominalEnergyKwh", b.nominal_voltage::float8 AS "nominalVoltage",
                CASE WHEN b.operating_site_id = $1 THEN c.name END AS "chargerName"
           FROM battery b LEFT JOIN charger c ON c.id = b.charger_id
          WHERE b.serial_number = $2
            AND (b.operating_site_id = $1
                 OR EXISTS (SELECT 1 FROM battery_day d
                             WHERE d.battery_serial_number = b.serial_number AND d.operating_site_id = $1))`,
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

    /**
     * The samples just outside [fromMs, toMs): the last one before and the first one at or after its end,
     * so that a report from the datalog counts the intervals across the period's edges (docs/reports.md).
     */
    async edgeSamples(siteId: number, serial: string, fromMs: number, toMs: number) {
      const edge = (condition: string, order: string) =>
        db.query<ReportSample>(
          `SELECT ${SAMPLE_COLUMNS} FROM battery_sample
            WHERE serial_number = $1 AND operating_site_id = $2 AND ${condition} ORDER BY ts ${order} LIMIT 1`,
          [serial, siteId, iso(condition.includes('<') ? fromMs : toMs)],
        );
      const [before, after] = await Promise.all([edge('ts < $3', 'DESC'), edge('ts >= $3', 'ASC')]);
      return { before: before[0], after: after[0] };
    },

    /** The roll-ups of [fromMs, toMs) per local date of `timeZone` (whole days for 'day'). */
    rollupDays(
      siteId: number,
      serial: string,
      period: { fromMs: number; toMs: number },
      timeZone: string,
      source: 'day' | 'hour',
    ): Promise<RollupDayRow[]> {
      const values = [serial, siteId, iso(period.fromMs), iso(period.toMs), timeZone];
      return db.query<RollupDayRow>(ROLLUP_DAYS[source], values);
    },

    /** Start SoC of the charge sessions that started in [fromMs, toMs) while the battery was at the site. */
    async sessionStartSocs(siteId: number, serial: string, period: { fromMs: number; toMs: number }) {
      const rows = await db.query<{ soc: number }>(
        `SELECT start_soc AS soc FROM charge_session
          WHERE battery_serial_number = $1 AND operating_site_id = $2 AND start_at >= $3 AND start_at < $4`,
        [serial, siteId, iso(period.fromMs), iso(period.toMs)],
      );
      return rows.map((row) => row.soc);
    },

    /** How many raw samples of the period are stored (they go when SAMPLE_RETENTION_MONTHS have passed). */
    async sampleCount(siteId: number, serial: string, period: { fromMs: number; toMs: number }) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM battery_sample
          WHERE serial_number = $1 AND operating_site_id = $2 AND ts >= $3 AND ts < $4`,
        [serial, siteId, iso(period.fromMs), iso(period.toMs)],
      );
      return row?.n ?? 0;
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
