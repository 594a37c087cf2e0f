import type { Queryable } from '../../db/database';

export interface Pending {
  alertId: number;
  serialNumber: string;
  breachedSince: Date;
}

/** Since when a threshold rule's line is crossed at a device without an alarm yet (minimum duration). */
export function alarmPendingRepository(tx: Queryable) {
  return {
    async of(alertIds: readonly number[], serials: readonly string[]): Promise<Pending[]> {
      return tx.query<Pending>(
        `SELECT alert_id AS "alertId", serial_number AS "serialNumber", breached_since AS "breachedSince"
           FROM alarm_pending WHERE alert_id = ANY($1::int[]) AND serial_number = ANY($2::text[])`,
        [alertIds, serials],
      );
    },

    /** Writes the pending states that changed: a row per crossing line, none where the line is not crossed. */
    async save(pending: readonly Pending[], gone: readonly Omit<Pending, 'breachedSince'>[]): Promise<void> {
      if (gone.length > 0) {
        await tx.query(
          `DELETE FROM alarm_pending p USING unnest($1::int[], $2::text[]) AS g(alert_id, serial)
            WHERE p.alert_id = g.alert_id AND p.serial_number = g.serial`,
          [gone.map((g) => g.alertId), gone.map((g) => g.serialNumber)],
        );
      }
      if (pending.length > 0) {
        await tx.query(
          `INSERT INTO alarm_pending (alert_id, serial_number, breached_since)
           SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[])
           ON CONFLICT (alert_id, serial_number) DO UPDATE SET breached_since = excluded.breached_since`,
          [pending.map((p) => p.alertId), pending.map((p) => p.serialNumber), pending.map((p) => p.breachedSince)],
        );
      }
    },
  };
}
