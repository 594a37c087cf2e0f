import type { Queryable } from '../../db/database';
import type { CarePoint } from './care-counters';

const COLUMNS = `(extract(epoch FROM ts) * 1000)::float8 AS ts, state, soc, max_cell_temperature AS "maxCellTemperature"`;
const OF_BATTERY = 'FROM battery_sample WHERE serial_number = $1 AND operating_site_id = $2';

/** The raw samples the care counters read (SQL stays here; the counting is care-counters.ts). */
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
  };
}
