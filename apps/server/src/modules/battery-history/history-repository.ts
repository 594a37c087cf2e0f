import type { HistoryPoint } from '@cbm/contracts/battery-history';
import type { Queryable } from '../../db/database';

export interface HistoryRange {
  from: Date;
  to: Date;
  bucketSeconds: number;
}

interface PointRow {
  ts: Date;
  rows: number;
  min_soc: number | null;
  max_soc: number | null;
  charged: string | null;
  discharged: string | null;
  charging: string;
  discharging: string;
  standby: string;
  idle: string;
  error: string;
  offline: string;
}

const HOUR_MS = 3_600_000;
const hours = (ms: string) => Math.round((Number(ms) / HOUR_MS) * 100) / 100;
const kwh = (value: string | null) => (value === null ? null : Math.round(Number(value) * 1000) / 1000);

const toPoint = (row: PointRow): HistoryPoint => ({
  ts: row.ts.toISOString(),
  minSoc: row.rows > 0 ? row.min_soc : null,
  maxSoc: row.rows > 0 ? row.max_soc : null,
  chargedKwh: row.rows > 0 ? kwh(row.charged) : null,
  dischargedKwh: row.rows > 0 ? kwh(row.discharged) : null,
  chargingHours: hours(row.charging),
  dischargingHours: hours(row.discharging),
  standbyHours: hours(row.standby),
  idleHours: hours(row.idle),
  errorHours: hours(row.error),
  offlineHours: hours(row.offline),
});

/** SQL of a battery's history (decision 115): its hour roll-ups in buckets, and the hours they cover. */
export function historyRepository(db: Queryable) {
  return {
    /** The site's time zone when the battery stands at the site; undefined otherwise. */
    async zoneOf(siteId: number, serial: string): Promise<string | undefined> {
      const [row] = await db.query<{ timezone: string }>(
        `SELECT s.timezone FROM battery b JOIN operating_site s ON s.id = b.operating_site_id
          WHERE b.operating_site_id = $1 AND b.serial_number = $2`,
        [siteId, serial],
      );
      return row?.timezone;
    },

    /** The first and the newest hour with a roll-up of the battery at the site. */
    async coverage(siteId: number, serial: string): Promise<{ first: Date | null; last: Date | null }> {
      const [row] = await db.query<{ first: Date | null; last: Date | null }>(
        `SELECT min(hour) AS first, max(hour) AS last FROM battery_hour
          WHERE battery_serial_number = $2 AND operating_site_id = $1`,
        [siteId, serial],
      );
      return { first: row?.first ?? null, last: row?.last ?? null };
    },

    /**
     * One row per bucket of the range, empty buckets included (so charts show gaps): the hours starting in the
     * bucket summed, SoC as their lowest and highest.
     */
    async points(siteId: number, serial: string, { from, to, bucketSeconds }: HistoryRange): Promise<HistoryPoint[]> {
      const buckets = Math.ceil((to.getTime() - from.getTime()) / 1000 / bucketSeconds);
      const rows = await db.query<PointRow>(
        `WITH agg AS (
           SELECT greatest(0, floor(extract(epoch FROM (hour - $3::timestamptz)) / $5::int))::int AS bucket,
                  count(*)::int AS rows, min(min_soc) AS min_soc, max(max_soc) AS max_soc,
                  sum(energy_charged_kwh) AS charged, sum(energy_discharged_kwh) AS discharged,
                  sum(charging_ms) AS charging, sum(discharging_ms) AS discharging, sum(standby_ms) AS standby,
                  sum(idle_ms) AS idle, sum(error_ms) AS error, sum(offline_ms) AS offline
             FROM battery_hour
            WHERE battery_serial_number = $2 AND operating_site_id = $1
              AND hour > $3::timestamptz - interval '1 hour' AND hour < $4
            GROUP BY 1
         )
         SELECT $3::timestamptz + make_interval(secs => g.bucket * $5::int) AS ts, coalesce(a.rows, 0) AS rows,
                a.min_soc, a.max_soc, a.charged::text, a.discharged::text,
                coalesce(a.charging, 0)::text AS charging, coalesce(a.discharging, 0)::text AS discharging,
                coalesce(a.standby, 0)::text AS standby, coalesce(a.idle, 0)::text AS idle,
                coalesce(a.error, 0)::text AS error, coalesce(a.offline, 0)::text AS offline
           FROM generate_series(0, $6::int - 1) AS g(bucket)
           LEFT JOIN agg a ON a.bucket = g.bucket
          ORDER BY g.bucket`,
        [siteId, serial, from, to, bucketSeconds, buckets],
      );
      return rows.map(toPoint);
    },
  };
}
