import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { SiteNode, SiteNodeType } from '@cbm/contracts/sites';
import type { Queryable } from '../../db/database';

/**
 * Operating sites the user may see: every leaf below a grant whose feature the user holds (a grant
 * without feature holds for all the user's features). $2 narrows to one feature, or null for any.
 */
const ACCESSIBLE_SITES = `
  WITH RECURSIVE granted AS (
    SELECT g.site_node_id AS id
      FROM user_site_grant g
      JOIN user_feature f ON f.user_id = g.user_id AND (g.feature IS NULL OR g.feature = f.feature)
     WHERE g.user_id = $1 AND ($2::text IS NULL OR f.feature = $2::text)
    UNION
    SELECT n.id FROM site_node n JOIN granted ON n.parent_id = granted.id
  )
  SELECT DISTINCT o.id FROM granted JOIN operating_site o ON o.id = granted.id`;

interface SiteRow {
  id: number;
  parent_id: number | null;
  name: string;
  type: SiteNodeType;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  currency: string | null;
}

export function siteRepository(db: Queryable) {
  return {
    async accessibleSiteIds(userId: number, feature: Feature | null = null): Promise<number[]> {
      const rows = await db.query<{ id: number }>(`${ACCESSIBLE_SITES} ORDER BY o.id`, [userId, feature]);
      return rows.map((row) => row.id);
    },

    async canAccess(userId: number, siteId: number, feature: Feature | null = null): Promise<boolean> {
      const rows = await db.query(`${ACCESSIBLE_SITES} AND o.id = $3::int`, [userId, feature, siteId]);
      return rows.length > 0;
    },

    async exists(siteId: number): Promise<boolean> {
      return (await db.query('SELECT 1 FROM operating_site WHERE id = $1', [siteId])).length > 0;
    },

    /** Those of the sites that exist. */
    async existing(siteIds: readonly number[]): Promise<number[]> {
      const rows = await db.query<{ id: number }>('SELECT id FROM operating_site WHERE id = ANY($1::int[])', [siteIds]);
      return rows.map((row) => row.id);
    },

    /** Permissions granted on the site or any of its ancestors. */
    async rules(userId: number, siteId: number): Promise<SitePermission[]> {
      const rows = await db.query<{ permission: SitePermission }>(
        `WITH RECURSIVE ancestors AS (
           SELECT id, parent_id FROM site_node WHERE id = $2
           UNION
           SELECT n.id, n.parent_id FROM site_node n JOIN ancestors a ON n.id = a.parent_id
         )
         SELECT DISTINCT p.permission FROM user_site_permission p JOIN ancestors a ON a.id = p.site_node_id
          WHERE p.user_id = $1 ORDER BY p.permission`,
        [userId, siteId],
      );
      return rows.map((row) => row.permission);
    },

    /** Those of the sites where the user holds the permission on the site or an ancestor, in one query. */
    async withPermission(userId: number, siteIds: readonly number[], permission: SitePermission): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `WITH RECURSIVE lineage AS (
           SELECT id AS site_id, id FROM site_node WHERE id = ANY($2::int[])
           UNION
           SELECT l.site_id, n.parent_id FROM lineage l JOIN site_node n ON n.id = l.id WHERE n.parent_id IS NOT NULL
         )
         SELECT DISTINCT l.site_id AS id FROM lineage l JOIN user_site_permission p ON p.site_node_id = l.id
          WHERE p.user_id = $1 AND p.permission = $3 ORDER BY 1`,
        [userId, siteIds, permission],
      );
      return rows.map((row) => row.id);
    },

    /** The part of the site tree that leads to the user's sites. */
    async tree(userId: number): Promise<SiteNode[]> {
      const rows = await db.query<SiteRow>(
        `WITH RECURSIVE visible AS (
           ${ACCESSIBLE_SITES}
         ), lineage AS (
           SELECT n.* FROM site_node n JOIN visible v ON v.id = n.id
           UNION
           SELECT n.* FROM site_node n JOIN lineage l ON n.id = l.parent_id
         )
         SELECT l.id, l.parent_id, l.name, l.type, o.latitude, o.longitude, o.timezone, o.currency
           FROM lineage l LEFT JOIN operating_site o ON o.id = l.id
          ORDER BY l.name, l.id`,
        [userId, null],
      );
      return buildTree(rows);
    },
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;

function buildTree(rows: SiteRow[]): SiteNode[] {
  const nodes = new Map<number, SiteNode>();
  for (const row of rows) nodes.set(row.id, toNode(row));
  const roots: SiteNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as SiteNode;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function toNode(row: SiteRow): SiteNode {
  const node: SiteNode = { operatingSiteId: row.id, name: row.name, type: row.type, children: [] };
  if (row.type === 'operatingSite' && row.latitude !== null && row.longitude !== null) {
    node.location = {
      latitude: row.latitude,
      longitude: row.longitude,
      timezone: row.timezone ?? 'UTC',
      currency: row.currency ?? 'EUR',
    };
  }
  return node;
}
