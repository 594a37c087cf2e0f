import type { Command, DeviceClass } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';

export interface DueCommand {
  id: string;
  deviceClass: DeviceClass;
  serialNumber: string;
  command: Command;
}

/** SQL of commands that wait for their device's answer (decision 072; migration 034). */
export function commandDeliveryRepository(db: Queryable) {
  return {
    /** Gives up the commands past their deadline without an answer; answers their ids. */
    async expire(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `UPDATE device_command SET next_attempt_at = NULL, unanswered_at = now()
          WHERE next_attempt_at IS NOT NULL AND expires_at <= now() RETURNING id`,
      );
      return rows.map((row) => row.id);
    },

    /** Stops sending the commands again, without giving them up (no longer wanted). */
    async settle(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.query('UPDATE device_command SET next_attempt_at = NULL WHERE id = ANY($1::uuid[])', [[...ids]]);
    },

    /** Commands without an answer whose next sending is due, the longest-waiting first. */
    async due(limit: number): Promise<DueCommand[]> {
      const rows = await db.query<{ id: string; device_class: DeviceClass; serial_number: string; payload: Command }>(
        `SELECT id, device_class, serial_number, payload FROM device_command
          WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: row.id,
        deviceClass: row.device_class,
        serialNumber: row.serial_number,
        command: row.payload,
      }));
    },

    /** Counts one more sending of each and sets the next: `firstRetryMs`, doubling with each, at most `maxMs`. */
    async sentAgain(ids: readonly string[], firstRetryMs: number, maxMs: number): Promise<void> {
      if (ids.length === 0) return;
      await db.query(
        `UPDATE device_command SET attempts = attempts + 1,
                next_attempt_at = now() + make_interval(secs => least($3::float8, $2::float8 * 2 ^ attempts) / 1000.0)
          WHERE id = ANY($1::uuid[]) AND next_attempt_at IS NOT NULL`,
        [[...ids], firstRetryMs, maxMs],
      );
    },
  };
}
