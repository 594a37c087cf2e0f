import type { Queryable } from '../src/db/database';

/** An operating site (in Hamburg, prices in EUR) at the top of the site tree; returns its id. */
export async function addOperatingSite(db: Queryable, name: string): Promise<number> {
  const [node] = await db.query<{ id: number }>(
    `INSERT INTO site_node (name, type) VALUES ($1, 'operatingSite') RETURNING id`,
    [name],
  );
  const siteId = node?.id as number;
  await db.query(
    `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
     VALUES ($1, 53.5, 10, 'Europe/Berlin', 'EUR', 0.3)`,
    [siteId],
  );
  return siteId;
}
