import type { TwoFactorEnrolment } from '@cbm/contracts/two-factor';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { codeStep, newRecoveryCodes, newSecret, secretUri } from './totp';
import { twoFactorRepository } from './two-factor-repository';

export type CodeKind = 'totp' | 'recovery';

/**
 * Two-factor sign-in for the account page and for sign-in (decision 042): is it on or required, does a code
 * prove the user, and the enrolment with its first code.
 */
export function twoFactorService(db: Queryable) {
  const store = twoFactorRepository(db);
  const isOn = async (userId: number) => (await store.find(userId))?.confirmed === true;
  return {
    isOn,

    /** The user's organisation requires two-factor sign-in and the user has not set it up yet. */
    async mustEnrol(userId: number): Promise<boolean> {
      return !(await isOn(userId)) && (await store.requiredFor(userId));
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

    /** A new secret awaiting its first code (409 while two-factor is on). */
    async startEnrolment(userId: number, email: string): Promise<TwoFactorEnrolment> {
      if (await isOn(userId)) throw new HttpError(409, 'twoFactor.alreadyOn', 'errors.twoFactorAlreadyOn');
      const secret = newSecret();
      await store.start(userId, secret);
      return { secret, uri: secretUri(secret, email) };
    },

    /** Switches two-factor on with the first code; the new recovery codes, or undefined for a wrong code. */
    async confirmEnrolment(userId: number, code: string): Promise<string[] | undefined> {
      const pending = await store.find(userId);
      if (!pending || pending.confirmed) throw new HttpError(409, 'twoFactor.notStarted', 'errors.twoFactorNotStarted');
      const step = codeStep(pending.secret, code);
      if (step === undefined) return undefined;
      const recoveryCodes = newRecoveryCodes();
      await store.confirm(userId, step, recoveryCodes);
      return recoveryCodes;
    },
  };
}
