import type { AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { AlertRule, AlertTarget } from './alert-matching';

export interface TargetInfo extends AlertTarget {
  name: string;
}

export interface SiteInfo {
  name: string;
  timeZone: string;
}

/** What ingestion reads to match new events against the rules: active rules, devices and sites. */
export function alertMatchRepository(tx: Queryable) {
  return {
    async activeRules(siteIds: readonly number[]): Promise<AlertRule[]> {
      return tx.query<AlertRule>(
        `SELECT id, product, operating_site_id AS "operatingSiteId", name, alert_on_error AS "alertOnError",
                alert_on_warning AS "alertOnWarning", alert_on_limit AS "alertOnLimit", group_ids AS "groupIds",
                include_ungrouped AS "includeUngrouped", battery_types AS "batteryTypes",
                battery_serials AS "batterySerials", emails, language
           FROM alert WHERE active AND condition IS NULL AND operating_site_id = ANY($1::int[]) ORDER BY id`,
        [siteIds],
      );
    },

    async targets(product: AlertProduct, serials: readonly string[]): Promise<Map<string, TargetInfo>> {
      if (serials.length === 0) return new Map();
      const rows = await tx.query<TargetInfo>(
        product === 'battery'
          ? `SELECT 'battery' AS product, operating_site_id AS "operatingSiteId", serial_number AS "serialNumber",
                    name, group_id AS "groupId", ARRAY[battery_type] AS types
               FROM battery WHERE serial_number = ANY($1::text[])`
          : `SELECT 'mdload' AS product, u.operating_site_id AS "operatingSiteId", u.mdload_serial AS "serialNumber",
                    u.name, NULL::int AS "groupId",
                    coalesce(array_agg(DISTINCT s.battery_model) FILTER (WHERE s.battery_model IS NOT NULL), '{}') AS types
               FROM mdload_unit u
               LEFT JOIN charging_station_group g ON g.mdload_unit_id = u.id
               LEFT JOIN charging_station s ON s.group_id = g.id
              WHERE u.mdload_serial = ANY($1::text[])
              GROUP BY u.id`,
        [serials],
      );
      return new Map(rows.map((row) => [row.serialNumber, row]));
    },

    async sites(siteIds: readonly number[]): Promise<Map<number, SiteInfo>> {
      const rows = await tx.query<SiteInfo & { id: number }>(
        `SELECT o.id, n.name, o.timezone AS "timeZone"
           FROM operating_site o JOIN site_node n ON n.id = o.id WHERE o.id = ANY($1::int[])`,
        [siteIds],
      );
      return new Map(rows.map(({ id, ...site }) => [id, site]));
    },
  };
}
