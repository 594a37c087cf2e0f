import type { Queryable } from '../../db/database';
import { codeStep } from './totp';
import { twoFactorRepository } from './two-factor-repository';

export type CodeKind = 'totp' | 'recovery';

/** What sign-in asks of two-factor: is it on for a user, and does a code prove them (decision 042). */
export function twoFactorService(db: Queryable) {
  const store = twoFactorRepository(db);
  return {
    async isOn(userId: number): Promise<boolean> {
      return (await store.find(userId))?.confirmed === true;
    },

    /**
     * Checks a code from the authenticator app (each 30-second step once) or a recovery code (used up);
     * undefined when neither.
     */
    async verify(userId: number, code: string): Promise<CodeKind | undefined> {
      const stored = await store.find(userId);
      if (!stored?.confirmed) return undefined;
      const step = codeStep(stored.secret, code);
      if (step !== undefined) return (await store.useStep(userId, step)) ? 'totp' : undefined;
      return (await store.useRecoveryCode(userId, code)) ? 'recovery' : undefined;
    },
  };
}
