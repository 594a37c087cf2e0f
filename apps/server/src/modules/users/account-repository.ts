import type { OwnSession } from '@cbm/contracts/user';
import type { Queryable } from '../../db/database';

/** A session's public name: the start of its token's hash (the hash alone opens nothing). */
const SESSION_ID = 'left(token_hash, 16)';

/** The signed-in user's own account: password and sessions (decision 037). */
export function accountRepository(db: Queryable) {
  return {
    async passwordHash(userId: number): Promise<string | null> {
      const [row] = await db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM app_user WHERE id = $1',
        [userId],
      );
      return row?.password_hash ?? null;
    },

    /** Sets the password and ends every session of the user but `keepTokenHash`. */
    async changePassword(userId: number, passwordHash: string, keepTokenHash: string): Promise<void> {
      await db.query('UPDATE app_user SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
      await db.query('DELETE FROM user_session WHERE user_id = $1 AND token_hash <> $2', [userId, keepTokenHash]);
    },

    async sessions(userId: number, currentTokenHash: string, idleMinutes: number): Promise<OwnSession[]> {
      const rows = await db.query<{ id: string; created_at: Date; last_seen_at: Date; current: boolean }>(
        `SELECT ${SESSION_ID} AS id, created_at, last_seen_at, token_hash = $2 AS current FROM user_session
          WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(mins => $3)
          ORDER BY last_seen_at DESC`,
        [userId, currentTokenHash, idleMinutes],
      );
      return rows.map((row) => ({
        sessionId: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        current: row.current,
      }));
    },

    /** Ends one of the user's sessions; answers whether there was one. */
    async endSession(userId: number, sessionId: string): Promise<boolean> {
      const rows = await db.query(
        `DELETE FROM user_session WHERE user_id = $1 AND ${SESSION_ID} = $2 RETURNING token_hash`,
        [userId, sessionId],
      );
      return rows.length > 0;
    },
  };
}
