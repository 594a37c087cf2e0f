import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import type { Queryable } from '../../db/database';
import { siteRepository } from '../sites/site-repository';
import { auditRepository } from './audit-repository';

export interface SignInAttempt {
  /** The account named, when it exists. */
  userId: number | null;
  email: string;
  succeeded: boolean;
}

/**
 * Records a sign-in in the log of every site the account could open at that moment; a failed attempt on
 * an unknown account concerns no site and stays in the table only.
 */
export async function recordSignIn(db: Queryable, attempt: SignInAttempt): Promise<void> {
  const siteIds = attempt.userId === null ? [] : await siteRepository(db).accessibleSiteIds(attempt.userId);
  await auditRepository(db).record({ userId: attempt.userId, email: attempt.email }, [
    {
      action: attempt.succeeded ? AUDIT_ACTIONS.signIn : AUDIT_ACTIONS.signInFailed,
      entityType: 'user',
      entityId: attempt.email,
      siteIds,
    },
  ]);
}

/**
 * Records that sign-in was refused before the password was looked at (too many failures for the
 * account, the address or the server: login-throttle.ts), with the address and how long it stays locked.
 */
export async function recordSignInRefused(
  db: Queryable,
  attempt: Omit<SignInAttempt, 'succeeded'>,
  details: { reason: string; address: string; retryAfterSeconds: number },
): Promise<void> {
  const siteIds = attempt.userId === null ? [] : await siteRepository(db).accessibleSiteIds(attempt.userId);
  await auditRepository(db).record({ userId: attempt.userId, email: attempt.email }, [
    { action: AUDIT_ACTIONS.signInRefused, entityType: 'user', entityId: attempt.email, siteIds, next: details },
  ]);
}
