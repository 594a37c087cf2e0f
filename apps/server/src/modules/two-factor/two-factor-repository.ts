import type { Queryable } from '../../db/database';
import { hashToken } from '../identity/token-hash';
import { normaliseRecoveryCode } from './totp';

const hashCode = (code: string) => hashToken(normaliseRecoveryCode(code));

/** A user's authenticator secret and recovery codes (decision 042). */
export function twoFactorRepository(db: Queryable) {
  return {
    async find(userId: number): Promise<{ secret: string; confirmed: boolean; lastStep: number } | undefined> {
      const [row] = await db.query<{ secret: string; confirmed: boolean; last_step: string }>(
        'SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_step FROM user_two_factor WHERE user_id = $1',
        [userId],
      );
      return row && { secret: row.secret, confirmed: row.confirmed, lastStep: Number(row.last_step) };
    },

    /** A new enrolment awaiting its first code; replaces an earlier unconfirmed one. */
    async start(userId: number, secret: string): Promise<void> {
      await db.query(
        `INSERT INTO user_two_factor (user_id, secret) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET secret = $2, confirmed_at = NULL, last_step = 0, created_at = now()`,
        [userId, secret],
      );
    },

    async confirm(userId: number, step: number, recoveryCodes: readonly string[]): Promise<void> {
      await db.query('UPDATE user_two_factor SET confirmed_at = now(), last_step = $2 WHERE user_id = $1', [
        userId,
        step,
      ]);
      await db.query('DELETE FROM user_recovery_code WHERE user_id = $1', [userId]);
      await db.query(
        'INSERT INTO user_recovery_code (user_id, code_hash) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
        [userId, recoveryCodes.map(hashCode)],
      );
    },

    /** Marks the step as used; false when it (or a later one) was used already: a code works once. */
    async useStep(userId: number, step: number): Promise<boolean> {
      const rows = await db.query(
        'UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id',
        [userId, step],
      );
      return rows.length > 0;
    },

    /** Uses up a recovery code; false when the user has no such code (left). */
    async useRecoveryCode(userId: number, code: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM user_recovery_code WHERE user_id = $1 AND code_hash = $2 RETURNING user_id',
        [userId, hashCode(code)],
      );
      return rows.length > 0;
    },

    async remove(userId: number): Promise<void> {
      await db.query('DELETE FROM user_recovery_code WHERE user_id = $1', [userId]);
      await db.query('DELETE FROM user_two_factor WHERE user_id = $1', [userId]);
    },

    /** Whether the user's organisation requires two-factor sign-in. */
    async requiredFor(userId: number): Promise<boolean> {
      const [row] = await db.query<{ required: boolean }>(
        `SELECT n.two_factor_required AS required
           FROM app_user u JOIN site_node n ON n.id = u.organization_id WHERE u.id = $1`,
        [userId],
      );
      return row?.required === true;
    },

    async policy(organizationId: number): Promise<boolean> {
      const [row] = await db.query<{ required: boolean }>(
        'SELECT two_factor_required AS required FROM site_node WHERE id = $1',
        [organizationId],
      );
      return row?.required === true;
    },

    async setPolicy(organizationId: number, required: boolean): Promise<void> {
      await db.query('UPDATE site_node SET two_factor_required = $2 WHERE id = $1', [organizationId, required]);
    },
  };
}
