import type { Feature } from '@cbm/contracts/features';
import type { PersonAccess } from '@cbm/contracts/people';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { Queryable } from '../../db/database';

/** Every node of the site tree with each operating site below it (an operating site is below itself). */
const BELOW = `RECURSIVE below AS (
  SELECT o.id AS node_id, o.id AS site_id FROM operating_site o
  UNION
  SELECT n.parent_id, b.site_id FROM below b JOIN site_node n ON n.id = b.node_id WHERE n.parent_id IS NOT NULL
)`;

/** Nodes of the organisation's subtree ($1). */
const SUBTREE = `RECURSIVE subtree AS (
  SELECT id FROM site_node WHERE id = $1
  UNION
  SELECT n.id FROM site_node n JOIN subtree s ON n.parent_id = s.id
)`;

export interface PersonRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  invited: boolean;
  disabled: boolean;
  last_sign_in_at: Date | null;
  features: Feature[];
}

/** What a user holds: features, and per operating site the rules (a site listed means access to it). */
export interface Holdings {
  features: Feature[];
  sites: Map<number, SitePermission[]>;
}

const PERSON_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.last_sign_in_at,
  (u.password_hash IS NULL AND u.oidc_subject IS NULL) AS invited, (u.disabled_at IS NOT NULL) AS disabled,
  coalesce((SELECT array_agg(f.feature ORDER BY f.feature) FROM user_feature f WHERE f.user_id = u.id), '{}') AS features`;

export function peopleRepository(db: Queryable) {
  return {
    /** The organisation (root of the site tree) an operating site belongs to. */
    async organizationOf(siteId: number): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `WITH RECURSIVE up AS (
           SELECT id, parent_id FROM site_node WHERE id = $1
           UNION
           SELECT n.id, n.parent_id FROM site_node n JOIN up ON n.id = up.parent_id
         ) SELECT id FROM up WHERE parent_id IS NULL`,
        [siteId],
      );
      return row?.id;
    },

    /** The operating sites of the organisation, by name. */
    async sitesOf(organizationId: number): Promise<{ id: number; name: string }[]> {
      return db.query(
        `WITH ${SUBTREE} SELECT n.id, n.name FROM subtree s JOIN operating_site o ON o.id = s.id
           JOIN site_node n ON n.id = o.id ORDER BY n.name, n.id`,
        [organizationId],
      );
    },

    /** The users of the organisation: members, and whoever holds a grant or rule inside it. */
    async people(organizationId: number, userId: number | null = null): Promise<PersonRow[]> {
      return db.query<PersonRow>(
        `WITH ${SUBTREE}
         SELECT ${PERSON_COLUMNS} FROM app_user u
          WHERE ($2::int IS NULL OR u.id = $2::int)
            AND (u.organization_id = $1
              OR EXISTS (SELECT 1 FROM user_site_grant g JOIN subtree s ON s.id = g.site_node_id WHERE g.user_id = u.id)
              OR EXISTS (SELECT 1 FROM user_site_permission p JOIN subtree s ON s.id = p.site_node_id WHERE p.user_id = u.id))
          ORDER BY u.email`,
        [organizationId, userId],
      );
    },

    /**
     * What each user holds across the whole tree: the operating sites below their grants (whatever feature a
     * grant names) and the rules there.
     */
    async holdings(userIds: readonly number[]): Promise<Map<number, Holdings>> {
      // One after the other: inside a transaction the three share one connection.
      const features = await db.query<{ user_id: number; feature: Feature }>(
        'SELECT user_id, feature FROM user_feature WHERE user_id = ANY($1::int[]) ORDER BY feature',
        [userIds],
      );
      const access = await db.query<{ user_id: number; site_id: number }>(
        `WITH ${BELOW} SELECT DISTINCT g.user_id, b.site_id FROM user_site_grant g
           JOIN below b ON b.node_id = g.site_node_id WHERE g.user_id = ANY($1::int[])`,
        [userIds],
      );
      const rules = await db.query<{ user_id: number; site_id: number; permission: SitePermission }>(
        `WITH ${BELOW} SELECT DISTINCT p.user_id, b.site_id, p.permission FROM user_site_permission p
           JOIN below b ON b.node_id = p.site_node_id WHERE p.user_id = ANY($1::int[]) ORDER BY p.permission`,
        [userIds],
      );
      const result = new Map<number, Holdings>(userIds.map((id) => [id, { features: [], sites: new Map() }]));
      for (const row of features) result.get(row.user_id)?.features.push(row.feature);
      for (const row of access) result.get(row.user_id)?.sites.set(row.site_id, []);
      for (const row of rules) {
        const sites = result.get(row.user_id)?.sites;
        if (!sites) continue;
        // A rule without access to the site still counts: it opens the site's pages once access is granted.
        sites.set(row.site_id, [...(sites.get(row.site_id) ?? []), row.permission]);
      }
      return result;
    },

    async emailTaken(email: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM app_user WHERE email = $1', [email])).length > 0;
    },

    async createInvited(person: { email: string; firstName: string; lastName: string }, organizationId: number) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO app_user (email, first_name, last_name, organization_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [person.email, person.firstName, person.lastName, organizationId],
      );
      if (!row) throw new Error('user was not created');
      return row.id;
    },

    /** Locks the user's row for the change. */
    async lock(userId: number): Promise<void> {
      await db.query('SELECT id FROM app_user WHERE id = $1 FOR UPDATE', [userId]);
    },

    /** Replaces the user's features, and their grants and rules inside the organisation, with `access`. */
    async setAccess(userId: number, organizationId: number, access: PersonAccess): Promise<void> {
      await db.query('DELETE FROM user_feature WHERE user_id = $1', [userId]);
      await db.query('INSERT INTO user_feature (user_id, feature) SELECT $1, unnest($2::text[])', [
        userId,
        access.features,
      ]);
      await db.query(
        `WITH ${SUBTREE} DELETE FROM user_site_grant WHERE user_id = $2 AND site_node_id IN (SELECT id FROM subtree)`,
        [organizationId, userId],
      );
      await db.query(
        `WITH ${SUBTREE} DELETE FROM user_site_permission WHERE user_id = $2 AND site_node_id IN (SELECT id FROM subtree)`,
        [organizationId, userId],
      );
      const siteIds = access.sites.map((site) => site.operatingSiteId);
      await db.query(
        'INSERT INTO user_site_grant (user_id, site_node_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
        [userId, siteIds],
      );
      const rules = access.sites.flatMap((site) =>
        site.permissions.map((permission) => [site.operatingSiteId, permission]),
      );
      await db.query(
        `INSERT INTO user_site_permission (user_id, site_node_id, permission)
         SELECT $1, (r->>0)::int, r->>1 FROM jsonb_array_elements($2::jsonb) AS r`,
        [userId, JSON.stringify(rules)],
      );
    },

    /** Disables the user and ends all their sessions in one statement. */
    async disable(userId: number): Promise<void> {
      await db.query(
        `WITH changed AS (UPDATE app_user SET disabled_at = now() WHERE id = $1 AND disabled_at IS NULL RETURNING id)
         DELETE FROM user_session WHERE user_id = $1`,
        [userId],
      );
    },

    async enable(userId: number): Promise<void> {
      await db.query('UPDATE app_user SET disabled_at = NULL WHERE id = $1', [userId]);
    },

    async delete(userId: number): Promise<void> {
      await db.query('DELETE FROM app_user WHERE id = $1', [userId]);
    },
  };
}
export type PeopleRepository = ReturnType<typeof peopleRepository>;
