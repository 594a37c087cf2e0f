import type { Queryable } from '../../db/database';

/** A battery a silence rule watches that has been quiet for the rule's minutes, without an open alarm. */
export interface SilentBattery {
  alertId: number;
  serialNumber: string;
  /** When the silence became long enough: the last data plus the rule's minutes. */
  since: Date;
}

export function silenceRepository(tx: Queryable) {
  return {
    /** Batteries that have never reported are not silent: they are not connected yet. */
    async silentBatteries(alertIds: readonly number[]): Promise<SilentBattery[]> {
      return tx.query<SilentBattery>(
        `SELECT r.id AS "alertId", b.serial_number AS "serialNumber",
                b.last_data_timestamp + make_interval(mins => (r.condition->>'minutes')::int) AS since
           FROM alert r
           JOIN battery b ON b.operating_site_id = r.operating_site_id
            AND (cardinality(r.battery_serials) = 0 OR b.serial_number = ANY(r.battery_serials))
          WHERE r.id = ANY($1::int[])
            AND b.last_data_timestamp < now() - make_interval(mins => (r.condition->>'minutes')::int)
            AND NOT EXISTS (SELECT 1 FROM alarm a
                             WHERE a.alert_id = r.id AND a.serial_number = b.serial_number AND a.cleared_at IS NULL)`,
        [alertIds],
      );
    },
  };
}
