import { dictionary } from '@zxcvbn-ts/language-common';

// The common-password list that zxcvbn-ts maintains (about 49,000 entries, most frequent first).
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Whether the password is on the list of common passwords, whatever its case. */
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
