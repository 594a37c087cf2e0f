import { IN_USE_MINUTES_PER_HOUR } from '@cbm/contracts/battery-care';
import type { Queryable } from '../../db/database';

const IN_USE_MS = IN_USE_MINUTES_PER_HOUR * 60_000;

export interface HourInUse {
  /** Start of the hour, epoch ms. */
  hour: number;
  inUse: number;
}

/** The site's hour rows counted for right-sizing (SQL stays here; the figures are right-sizing.ts). */
export function rightSizingRepository(db: Queryable) {
  return {
    /** Per hour of [fromMs, toMs) with rows: how many batteries were in use in it. */
    async hoursInUse(siteId: number, fromMs: number, toMs: number): Promise<HourInUse[]> {
      return db.query<HourInUse>(
        `SELECT (extract(epoch FROM hour) * 1000)::float8 AS hour,
                count(*) FILTER (WHERE discharging_ms >= $4)::int AS "inUse"
           FROM battery_hour WHERE operating_site_id = $1 AND hour >= $2 AND hour < $3
          GROUP BY hour ORDER BY hour`,
        [siteId, new Date(fromMs), new Date(toMs), IN_USE_MS],
      );
    },

    /** The serials of the site's batteries in use in at least one hour of [fromMs, toMs). */
    async usedSerials(siteId: number, fromMs: number, toMs: number): Promise<Set<string>> {
      const rows = await db.query<{ serial: string }>(
        `SELECT DISTINCT battery_serial_number AS serial FROM battery_hour
          WHERE operating_site_id = $1 AND hour >= $2 AND hour < $3 AND discharging_ms >= $4`,
        [siteId, new Date(fromMs), new Date(toMs), IN_USE_MS],
      );
      return new Set(rows.map((row) => row.serial));
    },
  };
}
