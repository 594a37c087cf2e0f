import type {
  MdloadAvailableTime,
  MdloadConsumption,
  MdloadPower,
  MdloadStartSoc,
  StartSocBucket,
} from '@cbm/contracts/mdload-statistics';
import { START_SOC_BUCKETS } from '@cbm/contracts/mdload-statistics';
import type { Queryable } from '../../db/database';

/** A site's time range: start inclusive, end exclusive (so adjacent ranges add up), null for open. */
export interface StatisticRange {
  siteId: number;
  timeZone: string;
  from: Date | null;
  to: Date | null;
}

const inRange = (column: string) => `($2::timestamptz IS NULL OR ${column} >= $2::timestamptz)
  AND ($3::timestamptz IS NULL OR ${column} < $3::timestamptz)`;
const RANGE = `operating_site_id = $1 AND ${inRange('ts')}`;
const rangeParams = (range: StatisticRange) => [
  range.siteId,
  range.from?.toISOString() ?? null,
  range.to?.toISOString() ?? null,
];

/**
 * Charge sessions on the chargers assigned to the site's charging stations (the assignment as it is now),
 * with the station and unit they count for: the one session set every station figure reads (docs/reports.md).
 */
const STATION_SESSIONS = `
  SELECT cs.start_at, cs.start_soc, cs.energy_kwh, s.name AS station_name, s.serial_number AS station_serial,
         u.mdload_serial
    FROM charge_session cs
    JOIN charger c ON c.serial_number = cs.charger_serial AND c.operating_site_id = $1
    JOIN charging_station s ON s.charger_id = c.id
    JOIN charging_station_group g ON g.id = s.group_id
    JOIN mdload_unit u ON u.id = g.mdload_unit_id AND u.operating_site_id = $1
   WHERE cs.operating_site_id = $1`;

/** kWh and kW as exact decimals rounded half-up once, here at the edge (numeric, never float8 on the way). */
const kwh = (expression: string) => `round(${expression}, 3)::text`;

const toSeconds = (time: Date | null) => (time === null ? null : Math.floor(time.getTime() / 1000));

const emptyBuckets = () => new Map<StartSocBucket, number>(START_SOC_BUCKETS.map((bucket) => [bucket, 0]));
const bucketList = (counts: Map<StartSocBucket, number>) =>
  START_SOC_BUCKETS.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));

/** SQL of the charger-station statistics, read from the units' samples and the roll-ups' charge sessions. */
export function mdloadStatisticsRepository(db: Queryable) {
  async function unitNames(siteId: number): Promise<Map<string, string>> {
    const rows = await db.query<{ mdload_serial: string; name: string }>(
      'SELECT mdload_serial, name FROM mdload_unit WHERE operating_site_id = $1',
      [siteId],
    );
    return new Map(rows.map((row) => [row.mdload_serial, row.name]));
  }

  return {
    async availableTime(siteId: number): Promise<MdloadAvailableTime> {
      const [row] = await db.query<{ min_ts: Date | null; max_ts: Date | null }>(
        `SELECT min(t) AS min_ts, max(t) AS max_ts FROM (
           SELECT min(ts) AS t FROM mdload_sample WHERE operating_site_id = $1
           UNION ALL SELECT max(ts) FROM mdload_sample WHERE operating_site_id = $1
           UNION ALL SELECT min(start_at) FROM (${STATION_SESSIONS}) sessions
           UNION ALL SELECT max(start_at) FROM (${STATION_SESSIONS}) sessions
         ) times`,
        [siteId],
      );
      return { minStartTime: toSeconds(row?.min_ts ?? null), maxEndTime: toSeconds(row?.max_ts ?? null) };
    },

    /**
     * Energy per local day and unit: the energy of the station sessions started in the range, on the local
     * day (in `timeZone`) of their start; the day's and the range's totals summed exactly before rounding.
     */
    async consumption(range: StatisticRange): Promise<Omit<MdloadConsumption, 'summary'> & { totalKwh: string }> {
      const rows = await db.query<{ day: string; mdload_serial: string; kwh: string; day_kwh: string; total: string }>(
        `SELECT day, mdload_serial, ${kwh('kwh')} AS kwh, ${kwh('sum(kwh) OVER (PARTITION BY day)')} AS day_kwh,
                (sum(kwh) OVER ())::text AS total
           FROM (SELECT to_char(start_at AT TIME ZONE $4::text, 'YYYY-MM-DD') AS day, mdload_serial,
                        sum(energy_kwh) AS kwh
                   FROM (${STATION_SESSIONS}) sessions WHERE ${inRange('start_at')} GROUP BY 1, 2) per_unit
          ORDER BY 1, 2`,
        [...rangeParams(range), range.timeZone],
      );
      const names = await unitNames(range.siteId);
      const serials = [...new Set(rows.map((row) => row.mdload_serial))].sort();
      const days = new Map<string, MdloadConsumption['days'][number]>();
      for (const row of rows) {
        const day = days.get(row.day) ?? { date: row.day, totalKwh: Number(row.day_kwh), units: [] };
        day.units.push({ mdLoadSerial: row.mdload_serial, kwh: Number(row.kwh) });
        days.set(row.day, day);
      }
      return {
        units: serials.map((serial) => ({ mdLoadSerial: serial, name: names.get(serial) ?? serial })),
        days: [...days.values()],
        totalKwh: rows[0]?.total ?? '0',
      };
    },

    /** The summary: the exact total, its cost at the site's price, and the site's highest power above zero. */
    async summary(range: StatisticRange, totalKwh: string): Promise<MdloadConsumption['summary']> {
      const [site] = await db.query<{ price: string; currency: string; total: string; cost: string }>(
        `SELECT price_per_kwh::text AS price, currency, ${kwh('$2::numeric')} AS total,
                round($2::numeric * price_per_kwh, 2)::text AS cost
           FROM operating_site WHERE id = $1`,
        [range.siteId, totalKwh],
      );
      const [peak] = await db.query<{ minute: Date; power_kw: string }>(
        `SELECT minute, ${kwh('sum(power_kw)')} AS power_kw FROM (
           SELECT mdload_serial, date_trunc('minute', ts) AS minute, avg(power_kw::numeric) AS power_kw
             FROM mdload_sample WHERE ${RANGE} GROUP BY 1, 2
         ) per_unit GROUP BY minute HAVING sum(power_kw) > 0 ORDER BY sum(power_kw) DESC, minute LIMIT 1`,
        rangeParams(range),
      );
      return {
        totalKwh: Number(site?.total ?? 0),
        peakPowerKw: peak ? Number(peak.power_kw) : null,
        peakAt: peak?.minute.toISOString() ?? null,
        pricePerKwh: Number(site?.price ?? 0),
        currency: site?.currency ?? 'EUR',
        cost: Number(site?.cost ?? 0),
      };
    },

    /** Average and highest power per unit and local hour or day; a bucket's time is its start in unix seconds. */
    async power(range: StatisticRange, resolution: MdloadPower['resolution']): Promise<MdloadPower> {
      const rows = await db.query<{ mdload_serial: string; time: number; avg_kw: string; max_kw: string }>(
        `SELECT mdload_serial,
                extract(epoch FROM date_trunc($5::text, ts AT TIME ZONE $4::text) AT TIME ZONE $4::text)::float8 AS time,
                ${kwh('avg(power_kw::numeric)')} AS avg_kw, ${kwh('max(power_kw::numeric)')} AS max_kw
           FROM mdload_sample WHERE ${RANGE} GROUP BY 1, 2 ORDER BY 1, 2`,
        [...rangeParams(range), range.timeZone, resolution],
      );
      const names = await unitNames(range.siteId);
      const units = new Map<string, MdloadPower['units'][number]>();
      for (const row of rows) {
        const unit = units.get(row.mdload_serial) ?? {
          mdLoadSerial: row.mdload_serial,
          name: names.get(row.mdload_serial) ?? row.mdload_serial,
          points: [],
        };
        unit.points.push({
          time: Math.round(row.time),
          avgPowerKw: Number(row.avg_kw),
          maxPowerKw: Number(row.max_kw),
        });
        units.set(row.mdload_serial, unit);
      }
      return { resolution, units: [...units.values()] };
    },

    /** Sessions per station and start-SoC bucket of the business constants (<20, <40, <60, <80, ≤100 % start SoC). */
    async startSoc(range: StatisticRange): Promise<MdloadStartSoc> {
      const rows = await db.query<{ station_name: string; station_serial: string; bucket: number; sessions: number }>(
        `SELECT station_name, station_serial, least(4, greatest(0, floor(start_soc / 20)))::int AS bucket,
                count(*)::int AS sessions
           FROM (${STATION_SESSIONS}) sessions WHERE ${inRange('start_at')}
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        rangeParams(range),
      );
      const total = emptyBuckets();
      const stations = new Map<string, { name: string; counts: Map<StartSocBucket, number> }>();
      for (const row of rows) {
        const bucket = START_SOC_BUCKETS[row.bucket] as StartSocBucket;
        total.set(bucket, (total.get(bucket) ?? 0) + row.sessions);
        const station = stations.get(row.station_serial) ?? { name: row.station_name, counts: emptyBuckets() };
        station.counts.set(bucket, row.sessions);
        stations.set(row.station_serial, station);
      }
      return {
        sessions: rows.reduce((sum, row) => sum + row.sessions, 0),
        buckets: bucketList(total),
        stations: [...stations].map(([serialNumber, station]) => ({
          name: station.name,
          serialNumber,
          buckets: bucketList(station.counts),
        })),
      };
    },
  };
}
