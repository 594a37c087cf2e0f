import { randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@cbm/contracts/two-factor';
import type { Queryable } from '../../db/database';
import { hashToken } from '../identity/token-hash';

/** A password step that awaits its code (decision 042): stored by the hash of its token, like sessions. */
export function pendingSignInRepository(db: Queryable) {
  return {
    async create(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.query('DELETE FROM pending_sign_in WHERE user_id = $1 OR expires_at <= now()', [userId]);
      await db.query(
        `INSERT INTO pending_sign_in (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [hashToken(token), userId, TWO_FACTOR.pendingMinutes],
      );
      return token;
    },

    /** The user and e-mail address of a pending step that has not expired and whose user is not disabled. */
    async find(token: string): Promise<{ userId: number; email: string } | undefined> {
      const [row] = await db.query<{ user_id: number; email: string }>(
        `SELECT p.user_id, u.email FROM pending_sign_in p JOIN app_user u ON u.id = p.user_id
          WHERE p.token_hash = $1 AND p.expires_at > now() AND u.disabled_at IS NULL`,
        [hashToken(token)],
      );
      return row && { userId: row.user_id, email: row.email };
    },

    async delete(token: string): Promise<void> {
      await db.query('DELETE FROM pending_sign_in WHERE token_hash = $1', [hashToken(token)]);
    },
  };
}
