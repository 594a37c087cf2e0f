import { CARE } from '@cbm/contracts/battery-care';
import type { Queryable } from '../../db/database';
import { type CarePoint, WORKING_STATES } from './care-facts';

const COLUMNS = `(extract(epoch FROM ts) * 1000)::float8 AS ts, state, soc, max_cell_temperature AS "maxCellTemperature"`;
const OF_BATTERY = 'FROM battery_sample WHERE serial_number = $1 AND operating_site_id = $2';
/** care-facts' isParked in SQL, from the same constants ($1: WORKING_STATES, $2: CARE.parkingSoc). */
const parked = (alias: string) => `(${alias}.state <> ALL($1::text[]) AND ${alias}.soc < $2)`;

/** A battery whose newest sample at its site is parked: the first and newest sample of that parking spell. */
export interface ParkingSpell {
  serialNumber: string;
  firstMs: number;
  newestMs: number;
}

/** The raw samples the care counters read (SQL stays here; the counting is care-facts.ts and care-counters.ts). */
export function batteryCareRepository(db: Queryable) {
  return {
    /** A battery's samples at the site in [fromMs, toMs), with the last one before and the first one at or after. */
    async points(serial: string, siteId: number, fromMs: number, toMs: number): Promise<CarePoint[]> {
      return db.query<CarePoint>(
        `(SELECT ${COLUMNS} ${OF_BATTERY} AND ts < $3 ORDER BY ts DESC LIMIT 1)
         UNION ALL (SELECT ${COLUMNS} ${OF_BATTERY} AND ts >= $3 AND ts < $4)
         UNION ALL (SELECT ${COLUMNS} ${OF_BATTERY} AND ts >= $4 ORDER BY ts LIMIT 1)
         ORDER BY ts`,
        [serial, siteId, new Date(fromMs), new Date(toMs)],
      );
    },

    /** Each battery and site with samples in [fromMs, toMs). */
    async batteriesWithSamples(fromMs: number, toMs: number) {
      return db.query<{ serialNumber: string; operatingSiteId: number }>(
        `SELECT DISTINCT serial_number AS "serialNumber", operating_site_id AS "operatingSiteId"
           FROM battery_sample WHERE ts >= $1 AND ts < $2 ORDER BY 1, 2`,
        [new Date(fromMs), new Date(toMs)],
      );
    },

    /**
     * The site's batteries (these serials; all: empty) parked now: their newest sample at the site is parked; the
     * spell starts at the first sample after the newest unparked one (gaps included, as the counter counts).
     */
    async parkedNow(siteId: number, serials: readonly string[]): Promise<ParkingSpell[]> {
      const at = (alias: string) => `${alias}.serial_number = b.serial_number AND ${alias}.operating_site_id = $3`;
      return db.query<ParkingSpell>(
        `SELECT b.serial_number AS "serialNumber", (extract(epoch FROM f.ts) * 1000)::float8 AS "firstMs",
                (extract(epoch FROM n.ts) * 1000)::float8 AS "newestMs"
           FROM battery b
           CROSS JOIN LATERAL (SELECT s.ts, s.state, s.soc FROM battery_sample s WHERE ${at('s')}
                                ORDER BY s.ts DESC LIMIT 1) n
           CROSS JOIN LATERAL (SELECT max(s.ts) AS ts FROM battery_sample s WHERE ${at('s')} AND NOT ${parked('s')}) w
           CROSS JOIN LATERAL (SELECT min(s.ts) AS ts FROM battery_sample s
                                WHERE ${at('s')} AND s.ts > coalesce(w.ts, '-infinity')) f
          WHERE b.operating_site_id = $3 AND (cardinality($4::text[]) = 0 OR b.serial_number = ANY($4::text[]))
            AND ${parked('n')}`,
        [WORKING_STATES, CARE.parkingSoc, siteId, serials],
      );
    },
  };
}
