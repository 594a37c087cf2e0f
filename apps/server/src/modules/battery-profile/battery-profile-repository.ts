import type { ProfilePoint, ProfileSettings } from '@cbm/contracts/battery-profile';
import type { BatteryState } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';

interface SettingsRow {
  serial_number: string;
  name: string;
  battery_type: string;
  has_profiling: boolean;
  profile_available_from: string | null;
  timezone: string;
}

interface PointRow {
  ts: Date;
  samples: number;
  state: BatteryState | null;
  soc: number | null;
  current_a: number | null;
  voltage: number | null;
  min_cell_voltage: number | null;
  max_cell_voltage: number | null;
  min_cell_temperature: number | null;
  max_cell_temperature: number | null;
  board_temperature: number | null;
}

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(Number(value) * 10 ** digits) / 10 ** digits;

const toSettings = (row: SettingsRow): ProfileSettings => ({
  batterySerialNumber: row.serial_number,
  batteryName: row.name,
  batteryType: row.battery_type,
  hasProfiling: row.has_profiling,
  profileAvailableFrom: row.profile_available_from,
  timezone: row.timezone,
});

const toPoint = (row: PointRow): ProfilePoint => ({
  ts: row.ts.toISOString(),
  samples: row.samples,
  state: row.state,
  soc: round(row.soc, 2),
  current: round(row.current_a, 2),
  voltage: round(row.voltage, 3),
  minCellVoltage: round(row.min_cell_voltage, 4),
  maxCellVoltage: round(row.max_cell_voltage, 4),
  minCellTemperature: round(row.min_cell_temperature, 2),
  maxCellTemperature: round(row.max_cell_temperature, 2),
  boardTemperature: round(row.board_temperature, 2),
});

// Dates leave the database as text: a JavaScript Date would shift them into the server's time zone.
const SETTINGS_SELECT = `SELECT b.serial_number, b.name, b.battery_type, b.has_profiling,
    to_char(b.profile_available_from, 'YYYY-MM-DD') AS profile_available_from, s.timezone
  FROM battery b JOIN operating_site s ON s.id = b.operating_site_id
 WHERE b.operating_site_id = $1 AND b.serial_number = $2`;

export interface ProfileRange {
  from: Date;
  to: Date;
  bucketSeconds: number;
}

/** SQL of the profile analysis: a battery's profiling settings and its samples in buckets. */
export function batteryProfileRepository(db: Queryable) {
  return {
    async settings(siteId: number, serial: string): Promise<ProfileSettings | undefined> {
      const [row] = await db.query<SettingsRow>(SETTINGS_SELECT, [siteId, serial]);
      return row && toSettings(row);
    },

    /** The settings, with the battery row locked until the transaction ends. */
    async lock(siteId: number, serial: string): Promise<ProfileSettings | undefined> {
      const [row] = await db.query<SettingsRow>(`${SETTINGS_SELECT} FOR NO KEY UPDATE OF b`, [siteId, serial]);
      return row && toSettings(row);
    },

    /**
     * Switches detailed profiling; switching it on for the first time sets the available-from date to
     * `now`'s date in the site's time zone. The date stays when it is switched off (the data stays).
     */
    async setProfiling(serial: string, hasProfiling: boolean, now: Date): Promise<void> {
      await db.query(
        `UPDATE battery b SET has_profiling = $2,
                profile_available_from = CASE WHEN $2 THEN coalesce(b.profile_available_from, ($3::timestamptz AT TIME ZONE s.timezone)::date)
                                              ELSE b.profile_available_from END
           FROM operating_site s
          WHERE s.id = b.operating_site_id AND b.serial_number = $1`,
        [serial, hasProfiling, now],
      );
    },

    /**
     * One row per bucket of the range, empty buckets included (so charts show gaps): averages of SoC,
     * current and voltage, extremes of the cell figures, the most frequent state. Only samples taken
     * while the battery stood at this site.
     */
    async points(siteId: number, serial: string, { from, to, bucketSeconds }: ProfileRange): Promise<ProfilePoint[]> {
      const buckets = Math.ceil((to.getTime() - from.getTime()) / 1000 / bucketSeconds);
      const rows = await db.query<PointRow>(
        `WITH agg AS (
           SELECT floor(extract(epoch FROM (ts - $3::timestamptz)) / $5::int)::int AS bucket,
                  count(*)::int AS samples, mode() WITHIN GROUP (ORDER BY state) AS state,
                  avg(soc) AS soc, avg(current_a) AS current_a, avg(stack_voltage) AS voltage,
                  min(min_cell_voltage) AS min_cell_voltage, max(max_cell_voltage) AS max_cell_voltage,
                  min(min_cell_temperature) AS min_cell_temperature,
                  max(max_cell_temperature) AS max_cell_temperature, avg(board_temperature) AS board_temperature
             FROM battery_sample
            WHERE serial_number = $2 AND operating_site_id = $1 AND ts >= $3 AND ts < $4
            GROUP BY 1
         )
         SELECT $3::timestamptz + make_interval(secs => g.bucket * $5::int) AS ts, coalesce(a.samples, 0) AS samples,
                a.state, a.soc, a.current_a, a.voltage, a.min_cell_voltage, a.max_cell_voltage,
                a.min_cell_temperature, a.max_cell_temperature, a.board_temperature
           FROM generate_series(0, $6::int - 1) AS g(bucket)
           LEFT JOIN agg a ON a.bucket = g.bucket
          ORDER BY g.bucket`,
        [siteId, serial, from, to, bucketSeconds, buckets],
      );
      return rows.map(toPoint);
    },
  };
}
