import { isKnownTimeZone } from '@cbm/contracts/admin';
import { START_SOC_BUCKETS, STATISTICS_DEFAULT_TIME_ZONE } from '@cbm/contracts/constants';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import { type DaySource, daySourceSql } from './day-source-sql';
import { type DayRange, periodSql } from './periods';
import { KEY_SQL, type Selection, selectionFilter } from './selection-sql';
import { asIs, ENERGY_SQL, type EnergyFigure, EXPORT_FIGURES, EXPORT_SQL, sum } from './statistics-figure-sql';

/** The export's figures of one period and key: exact decimals rounded half up to EXPORT_DIGITS, as text. */
export interface ExportRow {
  period: string;
  key: string;
  operatingHours: string;
  chargedKwh: string;
  dischargedKwh: string;
  co2Kg: string;
}

export interface StartSocRow {
  period: string;
  key: string;
  buckets: [number, number, number, number, number];
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export type { DaySource, Selection };

/** Numbers joined by commas (PostgreSQL's shortest exact text of each, valid JSON numbers). */
export type NumberList = string;

export type EnergySeriesRow = { key: string; offsets: NumberList } & Partial<Record<EnergyFigure, NumberList>>;

type BoxFigures = Pick<StartSocRow, 'min' | 'q1' | 'median' | 'q3' | 'max'>;
type BoxRow = { period: string; key: string } & Record<keyof BoxFigures, string>;

/** Decimals of the start-SoC box plot (%): min, quartiles and max rounded half up to them, once. */
const SOC_DIGITS = 2;

/**
 * The `p` quantile of the sorted exact start SoCs (`socs`), linear between ranks as percentile_cont, but in
 * numeric: percentile_cont interpolates in float8 (17.5 → 17.500000000000004).
 */
const quantileSql = (p: string) =>
  `(SELECT round(socs[f + 1] + (pos - f) * (coalesce(socs[f + 2], socs[f + 1]) - socs[f + 1]), ${SOC_DIGITS})
     FROM (SELECT pos, floor(pos)::int AS f FROM (SELECT ${p}::numeric * (cardinality(socs) - 1) AS pos) r) x)`;

/** Counts per start-SoC bucket: below each limit and at or above the one before; the last one up to 100 %. */
function bucketCountsSql(soc: string): string {
  return START_SOC_BUCKETS.map((limit, n) => {
    const lower = n === 0 ? 'true' : `${soc} >= ${START_SOC_BUCKETS[n - 1]}`;
    const upper = n === START_SOC_BUCKETS.length - 1 ? 'true' : `${soc} < ${limit}`;
    return `count(*) FILTER (WHERE ${lower} AND ${upper})`;
  }).join(', ');
}

/** Collects parameters and answers their placeholders. */
function parameters() {
  const values: unknown[] = [];
  return { values, add: (value: unknown, type: string) => `$${values.push(value)}::${type}` };
}

export function statisticsRepository(db: Queryable) {
  return {
    /** The site's own zone (its settings): what statistics count in unless the call names another. */
    async siteTimeZone(siteId: number): Promise<string> {
      const [row] = await db.query<{ timezone: string | null }>('SELECT timezone FROM operating_site WHERE id = $1', [
        siteId,
      ]);
      return row?.timezone && isKnownTimeZone(row.timezone) ? row.timezone : STATISTICS_DEFAULT_TIME_ZONE;
    },

    async siteName(siteId: number): Promise<string> {
      const [row] = await db.query<{ name: string }>('SELECT name FROM site_node WHERE id = $1', [siteId]);
      return row?.name ?? '';
    },

    /** The site's batteries (current site) with their groups, by serial; only these serials when given. */
    async batteries(siteId: number, serials?: readonly string[]): Promise<StatisticsBattery[]> {
      return db.query<StatisticsBattery>(
        `SELECT b.serial_number AS "serialNumber", b.name AS "batteryName", b.group_id AS "groupId",
           g.name AS "groupName"
         FROM battery b LEFT JOIN battery_group g ON g.id = b.group_id AND g.operating_site_id = b.operating_site_id
         WHERE b.operating_site_id = $1 AND ($2::text[] IS NULL OR b.serial_number = ANY($2::text[]))
         ORDER BY b.serial_number`,
        [siteId, serials ?? null],
      );
    },

    async groups(siteId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
      return db.query(
        'SELECT id, name FROM battery_group WHERE operating_site_id = $1 AND id = ANY($2::int[]) ORDER BY name, id',
        [siteId, ids],
      );
    },

    /** Whether every day row of the site in the range was counted in the range's zone. */
    async daysCountedIn(siteId: number, range: DayRange): Promise<boolean> {
      const [row] = await db.query<{ other: boolean }>(
        // Two index ranges (migration 014) around the asked zone: no scan of the range's day rows.
        `SELECT EXISTS (SELECT 1 FROM battery_day WHERE operating_site_id = $1 AND timezone < $4
             AND day BETWEEN $2 AND $3)
           OR EXISTS (SELECT 1 FROM battery_day WHERE operating_site_id = $1 AND timezone > $4
             AND day BETWEEN $2 AND $3) AS other`,
        [siteId, range.firstDate, range.lastDate, range.timeZone],
      );
      return row?.other === false;
    },

    /**
     * Whether the range starts before the site's first hour row and a day row in it holds more than the hour
     * rows do: a day before the first hour, or the first hour's day with time or energy before it (days that
     * were only counted in the site's zone; hour rows exist from migration 009 on). A site whose hour rows
     * began with its data (the demo, a site set up since) is covered. Answers the first whole local day of the
     * range's zone that the hour rows cover — a range starting on it is accepted — or null.
     */
    async daysWithoutHours(siteId: number, range: DayRange): Promise<string | null> {
      const [row] = await db.query<{ first_hour: string | null; uncovered: boolean }>(
        `WITH first AS (SELECT min(hour) AS hour, min(hour) AT TIME ZONE $5::text AS local
                          FROM battery_hour WHERE operating_site_id = $1)
         SELECT to_char(first.local::date + CASE WHEN first.local::time = '00:00' THEN 0 ELSE 1 END,
                        'YYYY-MM-DD') AS first_hour,
           (first.hour IS NULL OR first.hour > $4::timestamptz) AND EXISTS (
             SELECT 1 FROM battery_day d
              WHERE d.operating_site_id = $1 AND d.day BETWEEN $2 AND $3
                AND (first.hour IS NULL OR d.day < (first.hour AT TIME ZONE d.timezone)::date
                  OR (d.day = (first.hour AT TIME ZONE d.timezone)::date AND EXISTS (
                    SELECT 1 FROM battery_hour h
                     WHERE h.battery_serial_number = d.battery_serial_number AND h.operating_site_id = $1
                       AND h.hour >= d.day::timestamp AT TIME ZONE d.timezone
                       AND h.hour < (d.day + 1)::timestamp AT TIME ZONE d.timezone
                    HAVING sum(h.operating_ms) < d.operating_ms
                        OR sum(h.energy_charged_kwh) < d.energy_charged_kwh
                        OR sum(h.energy_discharged_kwh) < d.energy_discharged_kwh)
                  OR (d.day = (first.hour AT TIME ZONE d.timezone)::date AND NOT EXISTS (
                    SELECT 1 FROM battery_hour h
                     WHERE h.battery_serial_number = d.battery_serial_number AND h.operating_site_id = $1
                       AND h.hour < (d.day + 1)::timestamp AT TIME ZONE d.timezone))))) AS uncovered
         FROM first`,
        [siteId, range.firstDate, range.lastDate, new Date(range.startMs).toISOString(), range.timeZone],
      );
      return row?.uncovered ? (row.first_hour ?? '') : null;
    },

    /** The last hour of the range's hour rows without quarter parts (written before migration 022), epoch ms. */
    async lastHourWithoutQuarters(siteId: number, range: DayRange): Promise<number | null> {
      const [row] = await db.query<{ hour: Date | string | null }>(
        `SELECT max(hour) AS hour FROM battery_hour WHERE operating_site_id = $1 AND hour > $2::timestamptz - interval '1 hour'
           AND hour < $3 AND charged_ukwh_15 IS NULL`,
        [siteId, new Date(range.startMs).toISOString(), new Date(range.endMs).toISOString()],
      );
      return row?.hour ? new Date(row.hour).getTime() : null;
    },

    /** Whether any battery of the selection has a day or hour row in the range. */
    async anyData(selection: Selection, source: DaySource): Promise<boolean> {
      const { values, add } = parameters();
      const from = daySourceSql(source, selection.siteId, selection.range, add);
      const join = selection.groupBy === 'group' ? 'JOIN battery b ON b.serial_number = src.serial' : '';
      const [row] = await db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM (${from}) src ${join} WHERE true ${selectionFilter(selection, add)}) AS found`,
        values,
      );
      return row?.found === true;
    },

    /** The export's figures per period and series key, a row each (the export streams them). */
    async energy(selection: Selection, source: DaySource): Promise<ExportRow[]> {
      const { values, add } = parameters();
      const from = daySourceSql(source, selection.siteId, selection.range, add);
      const filter = selectionFilter(selection, add);
      const columns = EXPORT_FIGURES.map((figure) => `${EXPORT_SQL[figure](sum, add)}::text AS "${figure}"`).join(', ');
      // Only a group's series needs the battery row (its group); a day row carries its serial and site.
      const join = selection.groupBy === 'group' ? 'JOIN battery b ON b.serial_number = src.serial' : '';
      return db.query<ExportRow>(
        `SELECT to_char(${periodSql('src.d', selection.granularity)}, 'YYYY-MM-DD') AS period,
           ${KEY_SQL[selection.groupBy]} AS key, ${columns}
         FROM (${from}) src ${join}
         WHERE true ${filter}
         GROUP BY 1, 2 ORDER BY 1, 2`,
        values,
      );
    },

    /**
     * The same figures as `energy`, one row per series key with its periods as number lists: a year
     * daily for 1,000 batteries is 1,000 rows instead of 365,000, and the lists go into the answer's
     * JSON as they are. `offsets` are each period's first day minus the range's first date, in days.
     */
    async energySeries(
      selection: Selection,
      source: DaySource,
      figures: readonly EnergyFigure[],
    ): Promise<EnergySeriesRow[]> {
      const { values, add } = parameters();
      const from = daySourceSql(source, selection.siteId, selection.range, add);
      const filter = selectionFilter(selection, add);
      // A battery's day rows by day are its periods already: nothing to sum.
      const rowPerPeriod = source === 'day' && selection.granularity === 'day' && selection.groupBy === 'serial';
      const total = rowPerPeriod ? asIs : sum;
      const columns = figures.map((figure) => `${ENERGY_SQL[figure](total, add)} AS "${figure}"`).join(', ');
      // Offsets and figures are aggregated side by side from the same rows, so they stay aligned
      // without an ORDER BY (which would sort every series again); no figure is ever NULL (NOT NULL
      // columns, summed over at least one row), so string_agg skips none.
      // Every figure is numeric: its exact digits without trailing zeros (trim_scale), a JSON number as
      // it is (PostgreSQL never writes numeric with an exponent), no conversion through float8.
      const list = (expression: string) => `string_agg((${expression})::text, ',')`;
      const lists = figures.map((figure) => `${list(`trim_scale("${figure}")`)} AS "${figure}"`).join(', ');
      const join = selection.groupBy === 'group' ? 'JOIN battery b ON b.serial_number = src.serial' : '';
      return db.query<EnergySeriesRow>(
        `SELECT key, ${list(`p - ${add(selection.range.firstDate, 'date')}`)} AS offsets, ${lists}
         FROM (
           SELECT ${periodSql('src.d', selection.granularity)} AS p, ${KEY_SQL[selection.groupBy]} AS key, ${columns}
           FROM (${from}) src ${join}
           WHERE true ${filter}
           ${rowPerPeriod ? '' : 'GROUP BY 1, 2'}
         ) periods
         GROUP BY key`,
        values,
      );
    },

    /** Charge sessions by the local day they started: bucket counts and the box plot of start SoC. */
    async startSoc(selection: Selection): Promise<StartSocRow[]> {
      const { values, add } = parameters();
      const { range } = selection;
      const day = `(src.start_at AT TIME ZONE ${add(range.timeZone, 'text')})::date`;
      const sessions = `SELECT battery_serial_number AS serial, start_at, start_soc FROM charge_session
        WHERE operating_site_id = ${add(selection.siteId, 'int')}
          AND start_at >= ${add(new Date(range.startMs).toISOString(), 'timestamptz')}
          AND start_at < ${add(new Date(range.endMs).toISOString(), 'timestamptz')}`;
      const soc = 'src.start_soc';
      const rows = await db.query<BoxRow & { b: number[] }>(
        `SELECT period, key, b, round(socs[1], ${SOC_DIGITS}) AS min, ${quantileSql('0.25')} AS q1, ${quantileSql('0.5')} AS median,
           ${quantileSql('0.75')} AS q3, round(socs[cardinality(socs)], ${SOC_DIGITS}) AS max
         FROM (
           SELECT to_char(${periodSql(day, selection.granularity)}, 'YYYY-MM-DD') AS period,
             ${KEY_SQL[selection.groupBy]} AS key, ARRAY[${bucketCountsSql(soc)}]::int[] AS b,
             array_agg(${soc}::numeric ORDER BY ${soc}) AS socs
           FROM (${sessions}) src JOIN battery b ON b.serial_number = src.serial
           WHERE true ${selectionFilter(selection, add)}
           GROUP BY 1, 2
         ) groups
         ORDER BY 1, 2`,
        values,
      );
      // Exact decimals as text; a number of at most SOC_DIGITS decimals reads back to the same JSON text.
      return rows.map(({ b, period, key, ...box }) => ({
        period,
        key,
        buckets: b as StartSocRow['buckets'],
        ...(Object.fromEntries(Object.entries(box).map(([metric, value]) => [metric, Number(value)])) as BoxFigures),
      }));
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
