/**
 * SQL of the organisation an operating site belongs to: the root of the site tree above it
 * (docs/decisions/025-tenant-scoping.md). `site` is a parameter (`$1`) or a column of the outer query.
 */
export const organizationOf = (site: string) => `(
  WITH RECURSIVE lineage AS (
    SELECT id, parent_id FROM site_node WHERE id = ${site}
    UNION
    SELECT n.id, n.parent_id FROM site_node n JOIN lineage l ON n.id = l.parent_id
  )
  SELECT id FROM lineage WHERE parent_id IS NULL)`;
