import type { CareCounters } from '@cbm/contracts/battery-care';
import { arrayRows } from '../../db/array-rows';
import type { Queryable } from '../../db/database';
import type { CareHour } from './care-hours';

const CHUNK_ROWS = 5000;
const count = (name: string, value: (counters: CareCounters) => number) =>
  ({ name, type: 'int8', value: (hour: CareHour) => value(hour.counters) }) as const;

const ROWS = arrayRows<CareHour>('r', [
  { name: 'battery_serial_number', type: 'text', value: (hour) => hour.serialNumber },
  { name: 'operating_site_id', type: 'int4', value: (hour) => hour.operatingSiteId },
  { name: 'hour', type: 'timestamptz', value: (hour) => hour.hourMs },
  count('online_ms', (counters) => counters.onlineMs),
  count('hot_ms', (counters) => counters.hotMs),
  count('hot_charging_ms', (counters) => counters.hotChargingMs),
  count('deep_discharges', (counters) => counters.deepDischarges),
  count('deep_sleep_risks', (counters) => counters.deepSleepRisks),
  count('opportunity_charges', (counters) => counters.opportunityCharges),
]);
const FIGURES = ROWS.names.split(', ').slice(3);

/** Written again for the same hour (a fold repeated), a row is replaced: hours are counted whole, never added. */
const UPSERT = `INSERT INTO battery_care_hour (${ROWS.names}) SELECT ${ROWS.names} FROM ${ROWS.from}
  ON CONFLICT (battery_serial_number, operating_site_id, hour) DO UPDATE SET
  ${FIGURES.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}`;

/** Care counters summed over hours, with the number of hours they came from. */
export interface CareHourSums {
  hours: number;
  counters: CareCounters;
}

/** The care roll-ups (migration 071): hourly care counters where raw samples are not kept. */
export function careHourRepository(db: Queryable) {
  return {
    async put(hours: readonly CareHour[]): Promise<void> {
      for (let offset = 0; offset < hours.length; offset += CHUNK_ROWS) {
        await db.query(UPSERT, ROWS.params(hours.slice(offset, offset + CHUNK_ROWS)));
      }
    },

    /** A battery's care hours at the site that start in [fromMs, toMs), summed. */
    async sums(serial: string, siteId: number, fromMs: number, toMs: number): Promise<CareHourSums> {
      const [row] = await db.query<Record<string, string | number>>(
        `SELECT count(*)::int AS hours, ${FIGURES.map((name) => `coalesce(sum(${name}), 0)::float8 AS ${name}`).join(', ')}
           FROM battery_care_hour
          WHERE battery_serial_number = $1 AND operating_site_id = $2 AND hour >= $3 AND hour < $4`,
        [serial, siteId, new Date(fromMs), new Date(toMs)],
      );
      const value = (name: string) => Number(row?.[name] ?? 0);
      return {
        hours: value('hours'),
        counters: {
          onlineMs: value('online_ms'),
          hotMs: value('hot_ms'),
          hotChargingMs: value('hot_charging_ms'),
          deepDischarges: value('deep_discharges'),
          deepSleepRisks: value('deep_sleep_risks'),
          opportunityCharges: value('opportunity_charges'),
        },
      };
    },
  };
}
