import type { ReportBattery } from '@cbm/contracts/reports';
import type { Theme } from '@cbm/contracts/themes';
import type { Queryable } from '../../db/database';
import type { BatteryState } from '../rollups/attribution';
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

/** One local day of a report's period; `plain` when it has 24 hours (no clock change). */
export interface SummaryDay {
  date: string;
  start: number;
  end: number;
  plain: boolean;
}

/** An interval that leaves its day or lies in a day with a clock change: its ends as stored. */
export type EdgeInterval = [
  fromMs: number,
  toMs: number,
  state: BatteryState,
  soc: number,
  chargedUkwh: number,
  dischargedUkwh: number,
  toChargedUkwh: number,
  toDischargedUkwh: number,
];

/** Sums of the intervals inside one plain day (k: 1-based index of the day), with what is left to JS. */
export interface DaySummary {
  k: number;
  samples: number;
  chargedUkwh: number | null;
  dischargedUkwh: number | null;
  operatingMs: number;
  chargingMs: number;
  dischargingMs: number;
  standbyMs: number;
  idleMs: number;
  errorMs: number;
  offlineMs: number;
  minSoc: number | null;
  maxSoc: number | null;
  /** Start SoC of the charge sessions that start with a sample of this day. */
  sessionSocs: number[] | null;
  /** Intervals ending in this day that are not inside it or lie in a day with a clock change. */
  edges: EdgeInterval[] | null;
}

// Counters in micro-kWh rounded as Math.round does (half up), so the deltas equal toUkwh's in JS exactly.
const UKWH = (column: string) =>
  `floor(${column} * 1000000) + (${column} * 1000000 - floor(${column} * 1000000) >= 0.5)::int`;
const MS = (value: string) => `coalesce((extract(epoch FROM ${value}) * 1000)::float8, 0)`;
const STATE_MS = (state: BatteryState) =>
  `${MS(`sum(span) FILTER (WHERE inside AND NOT gap AND pstate = '${state}')`)} AS "${state}Ms"`;

/**
 * The roll-up rules of decision 006 in one pass over the samples of [$4, $5), a run of whole days of the
 * period that starts at $3: each sample's interval since the one before (for the first, the last sample
 * before $4), summed per local day ($6: day starts and the last end, computed in JS). Only intervals
 * inside one plain day ($7) are summed; the rest (across midnight, or in a day with a clock change) come
 * back as edges for the JS roll-up logic. Sample times are whole milliseconds (ingestion stores JS dates),
 * so durations summed in µs equal the JS sums of ms.
 */
const DAY_SUMMARIES = `
  WITH samples AS (
    SELECT ts, state, soc, ${UKWH('total_energy_charged_kwh')} AS c, ${UKWH('total_energy_discharged_kwh')} AS d
      FROM battery_sample
     WHERE serial_number = $1 AND operating_site_id = $2 AND ts < $5
       AND ts >= coalesce((SELECT max(ts) FROM battery_sample
                            WHERE serial_number = $1 AND operating_site_id = $2 AND ts >= $3 AND ts < $4), $4)
  ), intervals AS (
    SELECT ts, state, soc, c, d, lag(ts) OVER w AS pts, lag(state) OVER w AS pstate, lag(soc) OVER w AS psoc,
           lag(c) OVER w AS pc, lag(d) OVER w AS pd, width_bucket(ts, $6::timestamptz[]) AS k
      FROM samples WINDOW w AS (ORDER BY ts)
  ), classified AS (
    SELECT *, ts - pts AS span, ts - pts > $8::interval AS gap,
           pts >= ($6::timestamptz[])[k] AND ($7::boolean[])[k] AS inside
      FROM intervals WHERE ts >= $4
     OFFSET 0 -- computes span, gap and inside once a row, not once for each aggregate that reads them
  )
  SELECT k, count(*)::int AS samples,
         sum(greatest(0, c - pc)) FILTER (WHERE inside) AS "chargedUkwh",
         sum(greatest(0, d - pd)) FILTER (WHERE inside) AS "dischargedUkwh",
         ${MS('sum(span) FILTER (WHERE inside AND NOT gap)')} AS "operatingMs",
         ${(['charging', 'discharging', 'standby', 'idle', 'error'] as const).map(STATE_MS).join(',\n         ')},
         ${MS('sum(span) FILTER (WHERE inside AND gap)')} AS "offlineMs",
         min(psoc) FILTER (WHERE inside AND NOT gap) AS "minSoc", max(psoc) FILTER (WHERE inside AND NOT gap) AS "maxSoc",
         array_agg(soc) FILTER (WHERE state = 'charging' AND (pts IS NULL OR gap OR pstate <> 'charging')) AS "sessionSocs",
         json_agg(json_build_array(${MS('pts')}, ${MS('ts')}, pstate, psoc, pc, pd, c, d)) FILTER (WHERE pts IS NOT NULL AND NOT inside) AS edges
    FROM classified GROUP BY k`;

/** Days per query: a year runs as twelve small queries, several at a time (and below the JIT threshold). */
const CHUNK_DAYS = 31;
const PARALLEL_QUERIES = 4;

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
    /**
     * The period's intervals summed per local day in SQL (DAY_SUMMARIES, in runs of whole days, several
     * at a time), and the SoH of the last sample: a year of minute samples without 525,600 rows in JS.
     */
    async daySummaries(
      siteId: number,
      serial: string,
      period: { fromMs: number; toMs: number },
      days: readonly SummaryDay[],
      maxGapMs: number,
    ): Promise<{ days: DaySummary[]; soh: number | null }> {
      const bounds = [...days.map((day) => iso(day.start)), iso(days.at(-1)?.end ?? period.toMs)];
      const plain = days.map((day) => day.plain);
      const chunks: [fromMs: number, toMs: number][] = [];
      for (let n = 0; n < days.length; n += CHUNK_DAYS) {
        const lastDay = days[Math.min(n + CHUNK_DAYS, days.length) - 1];
        const start = n === 0 ? period.fromMs : (days[n]?.start ?? period.fromMs);
        chunks.push([start, lastDay && n + CHUNK_DAYS < days.length ? lastDay.end : period.toMs]);
      }
      const chunk = ([fromMs, toMs]: [number, number]) =>
        db.query<DaySummary>(DAY_SUMMARIES, [
          serial,
          siteId,
          iso(period.fromMs),
          iso(fromMs),
          iso(toMs),
          bounds,
          plain,
          `${maxGapMs} milliseconds`,
        ]);
      const [summaries, [last]] = await Promise.all([
        inParallel(chunks, PARALLEL_QUERIES, chunk),
        db.query<{ soh: number }>(
          `SELECT soh FROM battery_sample
            WHERE serial_number = $1 AND operating_site_id = $2 AND ts >= $3 AND ts < $4 ORDER BY ts DESC LIMIT 1`,
          [serial, siteId, iso(period.fromMs), iso(period.toMs)],
        ),
      ]);
      return { days: summaries.flat(), soh: last?.soh ?? null };
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

/** Runs `work` over the items with at most `limit` at a time; the results in the items' order. */
async function inParallel<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const n = next++;
      results[n] = await work(items[n] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
