import type {
  MdloadAvailableTime,
  MdloadConsumption,
  MdloadPower,
  MdloadStartSoc,
  StartSocBucket,
} from '@cbm/contracts/mdload-statistics';
import { START_SOC_BUCKETS } from '@cbm/contracts/mdload-statistics';
import type { Queryable } from '../../db/database';

/** A site's time range: inclusive ends, null for open. */
export interface StatisticRange {
  siteId: number;
  timeZone: string;
  from: Date | null;
  to: Date | null;
}

const RANGE = `operating_site_id = $1 AND ($2::timestamptz IS NULL OR ts >= $2::timestamptz)
  AND ($3::timestamptz IS NULL OR ts <= $3::timestamptz)`;
const rangeParams = (range: StatisticRange) => [
  range.siteId,
  range.from?.toISOString() ?? null,
  range.to?.toISOString() ?? null,
];

/** Charge sessions on the chargers assigned to the site's charging stations (the assignment as it is now). */
const STATION_SESSIONS = `
  SELECT cs.start_at, cs.start_soc, s.name AS station_name, s.serial_number AS station_serial
    FROM charge_session cs
    JOIN charger c ON c.serial_number = cs.charger_serial AND c.operating_site_id = $1
    JOIN charging_station s ON s.charger_id = c.id
    JOIN charging_station_group g ON g.id = s.group_id
    JOIN mdload_unit u ON u.id = g.mdload_unit_id AND u.operating_site_id = $1
   WHERE cs.operating_site_id = $1`;

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
     * Energy per local day and unit: the increase of each unit's meter between consecutive samples in the
     * range, booked on the later sample's day; a meter that goes down (replaced, reset) adds nothing.
     */
    async consumption(range: StatisticRange): Promise<Omit<MdloadConsumption, 'summary'>> {
      const rows = await db.query<{ day: string; mdload_serial: string; kwh: number }>(
        `WITH deltas AS (
           SELECT mdload_serial, ts,
                  total_energy_kwh - lag(total_energy_kwh) OVER (PARTITION BY mdload_serial ORDER BY ts) AS delta
             FROM mdload_sample WHERE ${RANGE}
         )
         SELECT to_char(ts AT TIME ZONE $4::text, 'YYYY-MM-DD') AS day, mdload_serial,
                sum(greatest(coalesce(delta, 0), 0))::float8 AS kwh
           FROM deltas GROUP BY 1, 2 ORDER BY 1, 2`,
        [...rangeParams(range), range.timeZone],
      );
      const names = await unitNames(range.siteId);
      const serials = [...new Set(rows.map((row) => row.mdload_serial))].sort();
      const days = new Map<string, MdloadConsumption['days'][number]>();
      for (const row of rows) {
        const day = days.get(row.day) ?? { date: row.day, totalKwh: 0, units: [] };
        day.totalKwh += row.kwh;
        day.units.push({ mdLoadSerial: row.mdload_serial, kwh: row.kwh });
        days.set(row.day, day);
      }
      return {
        units: serials.map((serial) => ({ mdLoadSerial: serial, name: names.get(serial) ?? serial })),
        days: [...days.values()],
      };
    },

    /** The site's highest power: the units' average power per minute, summed over the units. */
    async peak(range: StatisticRange): Promise<{ powerKw: number; at: string } | null> {
      const [row] = await db.query<{ minute: Date; power_kw: number }>(
        `SELECT minute, sum(power_kw)::float8 AS power_kw FROM (
           SELECT mdload_serial, date_trunc('minute', ts) AS minute, avg(power_kw) AS power_kw
             FROM mdload_sample WHERE ${RANGE} GROUP BY 1, 2
         ) per_unit GROUP BY minute ORDER BY power_kw DESC, minute LIMIT 1`,
        rangeParams(range),
      );
      return row ? { powerKw: row.power_kw, at: row.minute.toISOString() } : null;
    },

    async price(siteId: number): Promise<{ pricePerKwh: number; currency: string }> {
      const [row] = await db.query<{ price: number; currency: string }>(
        'SELECT price_per_kwh::float8 AS price, currency FROM operating_site WHERE id = $1',
        [siteId],
      );
      return { pricePerKwh: row?.price ?? 0, currency: row?.currency ?? 'EUR' };
    },

    /** Average and highest power per unit and local hour or day; a bucket's time is its start in unix seconds. */
    async power(range: StatisticRange, resolution: MdloadPower['resolution']): Promise<MdloadPower> {
      const rows = await db.query<{ mdload_serial: string; time: number; avg_kw: number; max_kw: number }>(
        `SELECT mdload_serial,
                extract(epoch FROM date_trunc($5::text, ts AT TIME ZONE $4::text) AT TIME ZONE $4::text)::float8 AS time,
                avg(power_kw)::float8 AS avg_kw, max(power_kw)::float8 AS max_kw
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
        unit.points.push({ time: Math.round(row.time), avgPowerKw: row.avg_kw, maxPowerKw: row.max_kw });
        units.set(row.mdload_serial, unit);
      }
      return { resolution, units: [...units.values()] };
    },

    /** Sessions per station and spec §9 bucket (<20, <40, <60, <80, ≤100 % start SoC). */
    async startSoc(range: StatisticRange): Promise<MdloadStartSoc> {
      const rows = await db.query<{ station_name: string; station_serial: string; bucket: number; sessions: number }>(
        `SELECT station_name, station_serial, least(4, greatest(0, floor(start_soc / 20)))::int AS bucket,
                count(*)::int AS sessions
           FROM (${STATION_SESSIONS}) sessions
          WHERE ($2::timestamptz IS NULL OR start_at >= $2::timestamptz)
            AND ($3::timestamptz IS NULL OR start_at <= $3::timestamptz)
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
