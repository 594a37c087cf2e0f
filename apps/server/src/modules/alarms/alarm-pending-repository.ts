import type { Queryable } from '../../db/database';

export interface Pending {
  alertId: number;
  serialNumber: string;
  breachedSince: Date;
}

/** Since when a threshold rule's line is crossed at a device without an alarm yet (minimum duration). */
export function alarmPendingRepository(tx: Queryable) {
  return {
    /** The pending states of these (rule, device) pairs: one probe each. */
    async of(pairs: readonly Omit<Pending, 'breachedSince'>[]): Promise<Pending[]> {
      if (pairs.length === 0) return [];
      return tx.query<Pending>(
        `SELECT p.alert_id AS "alertId", p.serial_number AS "serialNumber", p.breached_since AS "breachedSince"
           FROM unnest($1::int[], $2::text[]) AS k(alert_id, serial)
           JOIN alarm_pending p ON p.alert_id = k.alert_id AND p.serial_number = k.serial`,
        [pairs.map((pair) => pair.alertId), pairs.map((pair) => pair.serialNumber)],
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
