import { DEMO_BATTERY_PRICE_PER_KWH, DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import type { Queryable } from '../db/database';
import type { FleetSite } from './demo-fleet';

export interface SeededSites {
  organizationIds: number[];
  operatingSites: FleetSite[];
}

async function insertNode(db: Queryable, parentId: number | null, name: string, type: string) {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO site_node (parent_id, name, type) VALUES ($1, $2, $3) RETURNING id',
    [parentId, name, type],
  );
  if (!row) throw new Error(`site ${name} was not stored`);
  return row.id;
}

/** Stores the demo's site tree: organisation → region → operating site. */
export async function seedSites(db: Queryable): Promise<SeededSites> {
  const seeded: SeededSites = { organizationIds: [], operatingSites: [] };
  for (const organization of DEMO_ORGANIZATIONS) {
    const organizationId = await insertNode(db, null, organization.name, 'organization');
    seeded.organizationIds.push(organizationId);
    for (const region of organization.regions) {
      const regionId = await insertNode(db, organizationId, region.name, 'region');
      for (const site of region.sites) {
        const id = await insertNode(db, regionId, site.name, 'operatingSite');
        await db.query(
          `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh, battery_price_per_kwh)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            id,
            site.latitude,
            site.longitude,
            site.timezone,
            site.currency,
            site.pricePerKwh,
            DEMO_BATTERY_PRICE_PER_KWH[site.currency] ?? null,
          ],
        );
        seeded.operatingSites.push({ id, index: seeded.operatingSites.length });
      }
    }
  }
  return seeded;
}
