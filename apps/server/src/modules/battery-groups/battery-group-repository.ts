import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { Queryable } from '../../db/database';

/** Postgres' unique_violation: a group of that name exists at the site. */
export const isNameTaken = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export function batteryGroupRepository(db: Queryable) {
  return {
    async list(siteId: number): Promise<BatteryGroup[]> {
      return db.query<BatteryGroup>(
        'SELECT id, name FROM battery_group WHERE operating_site_id = $1 ORDER BY lower(name), id',
        [siteId],
      );
    },

    /** The group of the site, locked until the transaction ends; undefined for another site's group. */
    async lock(siteId: number, id: number): Promise<BatteryGroup | undefined> {
      const [row] = await db.query<BatteryGroup>(
        'SELECT id, name FROM battery_group WHERE id = $1 AND operating_site_id = $2 FOR UPDATE',
        [id, siteId],
      );
      return row;
    },

    async create(siteId: number, name: string): Promise<BatteryGroup> {
      const [row] = await db.query<BatteryGroup>(
        'INSERT INTO battery_group (operating_site_id, name) VALUES ($1, $2) RETURNING id, name',
        [siteId, name],
      );
      return row as BatteryGroup;
    },

    async rename(id: number, name: string): Promise<void> {
      await db.query('UPDATE battery_group SET name = $2 WHERE id = $1', [id, name]);
    },

    /** Moves the group's batteries to Ungrouped, then deletes it; returns the serials moved. */
    async delete(id: number): Promise<string[]> {
      const moved = await db.query<{ serial_number: string }>(
        'UPDATE battery SET group_id = NULL WHERE group_id = $1 RETURNING serial_number',
        [id],
      );
      await db.query('DELETE FROM battery_group WHERE id = $1', [id]);
      return moved.map((row) => row.serial_number);
    },
  };
}
