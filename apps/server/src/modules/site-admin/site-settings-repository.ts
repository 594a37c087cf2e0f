import type { SiteSettings, SiteSettingsBody } from '@cbm/contracts/admin';
import type { Queryable } from '../../db/database';

interface SettingsRow {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  price_per_kwh: number;
  battery_price_per_kwh: number | null;
}

const toSettings = (row: SettingsRow): SiteSettings => ({
  operatingSiteId: row.id,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
  timezone: row.timezone,
  currency: row.currency,
  pricePerKwh: row.price_per_kwh,
  batteryPricePerKwh: row.battery_price_per_kwh,
});

export function siteSettingsRepository(db: Queryable) {
  return {
    /** The site's settings; `forUpdate` locks them until the transaction ends. */
    async find(siteId: number, { forUpdate = false } = {}): Promise<SiteSettings | undefined> {
      const [row] = await db.query<SettingsRow>(
        `SELECT o.id, n.name, o.latitude, o.longitude, o.timezone, o.currency, o.price_per_kwh::float8 AS price_per_kwh,
                o.battery_price_per_kwh::float8 AS battery_price_per_kwh
           FROM operating_site o JOIN site_node n ON n.id = o.id
          WHERE o.id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
        [siteId],
      );
      return row && toSettings(row);
    },

    async update(siteId: number, settings: SiteSettingsBody): Promise<void> {
      await db.query('UPDATE site_node SET name = $2 WHERE id = $1', [siteId, settings.name]);
      await db.query(
        `UPDATE operating_site SET latitude = $2, longitude = $3, timezone = $4, currency = $5, price_per_kwh = $6,
                battery_price_per_kwh = CASE WHEN $7::boolean THEN $8::numeric ELSE battery_price_per_kwh END
          WHERE id = $1`,
        [
          siteId,
          settings.latitude,
          settings.longitude,
          settings.timezone,
          settings.currency,
          settings.pricePerKwh,
          settings.batteryPricePerKwh !== undefined,
          settings.batteryPricePerKwh ?? null,
        ],
      );
    },
  };
}
