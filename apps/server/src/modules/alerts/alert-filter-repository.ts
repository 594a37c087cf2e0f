import type { AlertBattery, AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';

/**
 * What the alert form offers at a site. Batteries: the site's batteries, their types and groups.
 * Charger stations: the site's units by serial, and the battery models their stations charge as types.
 */
export function alertFilterRepository(db: Queryable, product: AlertProduct) {
  return {
    async devices(siteId: number): Promise<AlertBattery[]> {
      return db.query<AlertBattery>(
        product === 'battery'
          ? `SELECT serial_number AS "batterySerialNumber", name AS "batteryName", battery_type AS "batteryType",
                    group_id AS "groupId"
               FROM battery WHERE operating_site_id = $1 ORDER BY name, serial_number`
          : `SELECT mdload_serial AS "batterySerialNumber", name AS "batteryName", NULL AS "batteryType",
                    NULL::int AS "groupId"
               FROM mdload_unit WHERE operating_site_id = $1 ORDER BY name, mdload_serial`,
        [siteId],
      );
    },

    async types(siteId: number): Promise<string[]> {
      const rows = await db.query<{ type: string }>(
        product === 'battery'
          ? 'SELECT DISTINCT battery_type AS type FROM battery WHERE operating_site_id = $1 ORDER BY 1'
          : `SELECT DISTINCT s.battery_model AS type
               FROM charging_station s JOIN charging_station_group g ON g.id = s.group_id
               JOIN mdload_unit u ON u.id = g.mdload_unit_id
              WHERE u.operating_site_id = $1 AND s.battery_model IS NOT NULL ORDER BY 1`,
        [siteId],
      );
      return rows.map((row) => row.type);
    },

    async groups(siteId: number): Promise<{ id: number; name: string }[]> {
      if (product === 'mdload') return [];
      return db.query('SELECT id, name FROM battery_group WHERE operating_site_id = $1 ORDER BY lower(name), id', [
        siteId,
      ]);
    },

    /** The serials and group ids of the lists that do not belong to the site. */
    async unknownAtSite(siteId: number, serials: readonly string[], groupIds: readonly number[]) {
      const devices = product === 'battery' ? 'battery WHERE serial_number' : 'mdload_unit WHERE mdload_serial';
      const missingSerials = await db.query<{ serial: string }>(
        `SELECT x.serial FROM unnest($2::text[]) AS x(serial)
          WHERE NOT EXISTS (SELECT 1 FROM ${devices} = x.serial AND operating_site_id = $1)`,
        [siteId, serials],
      );
      const missingGroups = await db.query<{ id: number }>(
        `SELECT x.id FROM unnest($2::int[]) AS x(id)
          WHERE NOT EXISTS (SELECT 1 FROM battery_group g WHERE g.id = x.id AND g.operating_site_id = $1)`,
        [siteId, groupIds],
      );
      return { serials: missingSerials.map((row) => row.serial), groupIds: missingGroups.map((row) => row.id) };
    },
  };
}
