import type { ExpectedBattery, ManagedSite } from '@cbm/contracts/admin';
import type { Queryable } from '../../db/database';

export interface LockedBattery {
  serialNumber: string;
  siteId: number;
  groupName: string | null;
}

export function batteryAssignmentRepository(db: Queryable) {
  return {
    async sites(siteIds: readonly number[]): Promise<ManagedSite[]> {
      const rows = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM site_node WHERE id = ANY($1::int[]) ORDER BY name, id',
        [siteIds],
      );
      return rows.map((row) => ({ operatingSiteId: row.id, name: row.name }));
    },

    /** Every battery at the given sites; those at `siteId` first. */
    async expected(siteId: number, siteIds: readonly number[]): Promise<ExpectedBattery[]> {
      const rows = await db.query<{
        serial_number: string;
        name: string;
        battery_type: string;
        group_name: string | null;
        operating_site_id: number;
      }>(
        `SELECT b.serial_number, b.name, b.battery_type, g.name AS group_name, b.operating_site_id
           FROM battery b LEFT JOIN battery_group g ON g.id = b.group_id
          WHERE b.operating_site_id = ANY($2::int[])
          ORDER BY b.operating_site_id = $1 DESC, b.name, b.serial_number`,
        [siteId, siteIds],
      );
      return rows.map((row) => ({
        batterySerialNumber: row.serial_number,
        batteryName: row.name,
        batteryType: row.battery_type,
        groupName: row.group_name,
        operatingSiteId: row.operating_site_id,
        assigned: row.operating_site_id === siteId,
      }));
    },

    /** The named batteries that stand at one of the sites, locked until the transaction ends. */
    async lock(serialNumbers: readonly string[], siteIds: readonly number[]): Promise<LockedBattery[]> {
      const rows = await db.query<{ serial_number: string; operating_site_id: number; group_name: string | null }>(
        `SELECT b.serial_number, b.operating_site_id, g.name AS group_name
           FROM battery b LEFT JOIN battery_group g ON g.id = b.group_id
          WHERE b.serial_number = ANY($1::text[]) AND b.operating_site_id = ANY($2::int[])
          ORDER BY b.serial_number
            FOR UPDATE OF b`,
        [serialNumbers, siteIds],
      );
      return rows.map((row) => ({
        serialNumber: row.serial_number,
        siteId: row.operating_site_id,
        groupName: row.group_name,
      }));
    },

    /**
     * Moves batteries to the site with their display units. Their group belongs to the old site, so it is
     * cleared (the composite key of battery → battery_group demands it); so is a charger of another site.
     */
    async move(serialNumbers: readonly string[], targetSiteId: number): Promise<void> {
      await db.query(
        `UPDATE battery b
            SET operating_site_id = $2,
                group_id = NULL,
                charger_id = (SELECT c.id FROM charger c WHERE c.id = b.charger_id AND c.operating_site_id = $2)
          WHERE b.serial_number = ANY($1::text[])`,
        [serialNumbers, targetSiteId],
      );
      await db.query(
        `UPDATE display_unit d SET operating_site_id = $2
           FROM battery b WHERE b.display_id = d.display_id AND b.serial_number = ANY($1::text[])`,
        [serialNumbers, targetSiteId],
      );
    },
  };
}
