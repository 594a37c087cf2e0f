import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { hashToken } from '../identity/token-hash';

export type LinkPurpose = 'invitation' | 'passwordReset';

/**
 * One-time links mailed to a user (invitation, password reset), stored by the hash of their token like
 * sessions: a leaked table opens nothing. A new link replaces the user's earlier ones.
 */
export function userLinkRepository(db: Queryable) {
  return {
    async create(userId: number, purpose: LinkPurpose, hours: number): Promise<{ token: string; expiresAt: Date }> {
      await db.query('DELETE FROM user_link WHERE user_id = $1', [userId]);
      const token = randomBytes(32).toString('base64url');
      const [row] = await db.query<{ expires_at: Date }>(
        `INSERT INTO user_link (token_hash, user_id, purpose, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING expires_at`,
        [hashToken(token), userId, purpose, hours],
      );
      return { token, expiresAt: new Date(row?.expires_at ?? Date.now()) };
    },

    /** The live link of a token with its user (enabled users only), locked for the change. */
    async find(token: string, forUpdate = false) {
      const [row] = await db.query<{ user_id: number; email: string; purpose: LinkPurpose }>(
        `SELECT l.user_id, u.email, l.purpose FROM user_link l JOIN app_user u ON u.id = l.user_id
          WHERE l.token_hash = $1 AND l.expires_at > now() AND u.disabled_at IS NULL
          ${forUpdate ? 'FOR UPDATE OF l' : ''}`,
        [hashToken(token)],
      );
      return row;
    },

    async hasInvitation(userId: number): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM user_link WHERE user_id = $1 AND purpose = 'invitation'`, [userId]);
      return rows.length > 0;
    },

    /** Sets the password, uses up every link of the user and ends all their sessions. */
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.query('DELETE FROM user_link WHERE user_id = $1', [userId]);
      await db.query(
        `WITH changed AS (UPDATE app_user SET password_hash = $2 WHERE id = $1 RETURNING id)
         DELETE FROM user_session WHERE user_id IN (SELECT id FROM changed)`,
        [userId, passwordHash],
      );
    },
  };
}
