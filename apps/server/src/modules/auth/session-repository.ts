import { randomBytes } from 'node:crypto';
import type { Feature } from '@cbm/contracts/features';
import type { Queryable } from '../../db/database';
import { hashToken } from '../identity/token-hash';

export interface SessionUser {
  id: number;
  email: string;
  features: ReadonlySet<Feature>;
}

/** Sessions are stored by the hash of their token: a leaked table opens no session. */
export function sessionRepository(db: Queryable) {
  return {
    async create(userId: number, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db.query<{ expires_at: Date }>(
        `WITH signed_in AS (UPDATE app_user SET last_sign_in_at = now() WHERE id = $2)
         INSERT INTO user_session (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING expires_at`,
        [hashToken(token), userId, ttlHours],
      );
      return { token, expiresAt: new Date(row?.expires_at ?? Date.now()) };
    },

    /**
     * The user of a session that has neither expired nor been idle for `idleMinutes`; marks it as used
     * (at most once a minute, so that a burst of requests writes once) unless `touch` is false: an open
     * live stream checking that its session lives on must not keep it alive.
     */
    async findUser(token: string, idleMinutes: number, touch = true): Promise<SessionUser | undefined> {
      const [row] = await db.query<{ id: number; email: string; features: Feature[]; stale: boolean }>(
        `SELECT u.id, u.email, s.last_seen_at < now() - interval '1 minute' AS stale,
                coalesce(array_agg(f.feature ORDER BY f.feature) FILTER (WHERE f.feature IS NOT NULL), '{}') AS features
           FROM user_session s
           JOIN app_user u ON u.id = s.user_id
           LEFT JOIN user_feature f ON f.user_id = u.id
          WHERE s.token_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL AND s.last_seen_at > now() - make_interval(mins => $2)
          GROUP BY u.id, s.last_seen_at`,
        [hashToken(token), idleMinutes],
      );
      if (!row) return undefined;
      if (row.stale && touch)
        await db.query('UPDATE user_session SET last_seen_at = now() WHERE token_hash = $1', [hashToken(token)]);
      return { id: row.id, email: row.email, features: new Set(row.features) };
    },

    async delete(token: string): Promise<void> {
      await db.query('DELETE FROM user_session WHERE token_hash = $1', [hashToken(token)]);
    },

    /** Ended sessions of this user, removed when the user signs in again. */
    async deleteEnded(userId: number, idleMinutes: number): Promise<void> {
      await db.query(
        `DELETE FROM user_session
          WHERE user_id = $1 AND (expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $2))`,
        [userId, idleMinutes],
      );
    },
  };
}
