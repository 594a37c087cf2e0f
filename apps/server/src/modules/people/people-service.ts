import { newPasswordSchema } from '@cbm/contracts/people';
import type { Queryable } from '../../db/database';
import { translate } from '../../i18n/messages';
import { isCommonPassword } from '../identity/common-passwords';
import { peopleRepository } from './people-repository';

/** What the CLI shares with the Users page (decision 037): the password rule, disable and enable. */
export function peopleService(db: Queryable) {
  const people = peopleRepository(db);
  return {
    /** Disables the user; every session ends in the same statement. */
    disable: people.disable,
    enable: people.enable,
  };
}

/** Why a new password is refused, in English; undefined when it follows the rule. */
export function passwordProblem(password: string): string | undefined {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const values = (issue as { params?: Record<string, number> } | undefined)?.params ?? {};
    return translate('en', (issue?.message ?? 'validation.required') as Parameters<typeof translate>[1], values);
  }
  return isCommonPassword(password) ? translate('en', 'validation.passwordCommon') : undefined;
}
