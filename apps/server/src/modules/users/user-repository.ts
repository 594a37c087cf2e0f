import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { Theme } from '@cbm/contracts/themes';
import type { Clock, User } from '@cbm/contracts/user';
import type { Queryable } from '../../db/database';

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  theme?: Theme;
}

export function userRepository(db: Queryable) {
  return {
    /** The credentials of an account that may sign in (a disabled one has none). */
    async findCredentials(email: string) {
      const [row] = await db.query<{ id: number; password_hash: string | null }>(
        'SELECT id, password_hash FROM app_user WHERE email = $1 AND disabled_at IS NULL',
        [email.trim().toLowerCase()],
      );
      return row;
    },

    async findByEmail(email: string) {
      const [row] = await db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [
        email.trim().toLowerCase(),
      ]);
      return row;
    },

    async profile(userId: number): Promise<User | undefined> {
      const [row] = await db.query<{
        first_name: string;
        last_name: string;
        theme: User['theme'];
        language: User['language'];
        clock: User['clock'];
        features: Feature[];
      }>(
        `SELECT u.first_name, u.last_name, u.theme, u.language, u.clock,
                coalesce(array_agg(f.feature ORDER BY f.feature) FILTER (WHERE f.feature IS NOT NULL), '{}') AS features
           FROM app_user u LEFT JOIN user_feature f ON f.user_id = u.id
          WHERE u.id = $1 GROUP BY u.id`,
        [userId],
      );
      return (
        row && {
          firstName: row.first_name,
          lastName: row.last_name,
          theme: row.theme,
          language: row.language,
          clock: row.clock,
          authorizedFeatures: row.features,
        }
      );
    },

    async setTheme(userId: number, theme: Theme): Promise<void> {
      await db.query('UPDATE app_user SET theme = $2 WHERE id = $1', [userId, theme]);
    },

    async setLanguage(userId: number, language: UiLanguage | null): Promise<void> {
      await db.query('UPDATE app_user SET language = $2 WHERE id = $1', [userId, language]);
    },

    async setClock(userId: number, clock: Clock): Promise<void> {
      await db.query('UPDATE app_user SET clock = $2 WHERE id = $1', [userId, clock]);
    },

    async create(user: NewUser): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO app_user (email, password_hash, first_name, last_name, theme)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [user.email.trim().toLowerCase(), user.passwordHash, user.firstName, user.lastName, user.theme ?? 'default'],
      );
      if (!row) throw new Error('user was not created');
      return row.id;
    },

    /**
     * A new password ends every session of the user (one statement: no sign-in slips in between). Replicas
     * may still take a session they looked up within SESSION_CACHE_SECONDS; live streams end at their
     * next check.
     */
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.query(
        `WITH changed AS (UPDATE app_user SET password_hash = $2 WHERE id = $1 RETURNING id)
         DELETE FROM user_session WHERE user_id IN (SELECT id FROM changed)`,
        [userId, passwordHash],
      );
    },

    async grantFeatures(userId: number, features: readonly Feature[]): Promise<void> {
      await db.query(
        `INSERT INTO user_feature (user_id, feature) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [userId, features],
      );
    },

    async grantSite(userId: number, siteNodeId: number, feature: Feature | null = null): Promise<void> {
      await db.query(
        `INSERT INTO user_site_grant (user_id, site_node_id, feature) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [userId, siteNodeId, feature],
      );
    },

    async grantPermissions(userId: number, siteNodeId: number, permissions: readonly SitePermission[]) {
      await db.query(
        `INSERT INTO user_site_permission (user_id, site_node_id, permission)
         SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
        [userId, siteNodeId, permissions],
      );
    },
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
