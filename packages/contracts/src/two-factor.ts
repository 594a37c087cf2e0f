import { z } from 'zod';

/** Two-factor sign-in with time-based codes (RFC 6238) and recovery codes (decision 042). */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after are accepted too (clock drift of the phone). */
  window: 1,
  recoveryCodes: 10,
  issuer: 'CBM',
  /** How long the password step waits for its code. */
  pendingMinutes: 5,
} as const;

/** The cookie that carries a password step awaiting its code; it opens nothing else. */
export const PENDING_SIGN_IN_COOKIE = 'cbm_pending_signin';

/** A code from the authenticator app (6 digits) or a recovery code (letters and digits, a dash allowed). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .regex(/^[0-9A-Za-z-]+$/);

/**
 * The answer of the password step when the account needs a code to finish signing in; `enrolmentRequired`:
 * the organisation requires two-factor sign-in and the user has yet to set it up (POST /auth/login/enrolment).
 */
export const loginSecondStepSchema = z.object({ twoFactorRequired: z.literal(true), enrolmentRequired: z.boolean() });
export type LoginSecondStep = z.infer<typeof loginSecondStepSchema>;

export const loginCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type LoginCodeBody = z.infer<typeof loginCodeBodySchema>;

/** Whether the signed-in user has two-factor sign-in on; `available` is false for accounts of an identity provider. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), available: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** An enrolment started: shown once, to type or scan into the authenticator app. */
export const twoFactorEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

/** The recovery codes, shown once when the enrolment is confirmed. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor sign-in off proves the user with a current code or the password. */
export const twoFactorDisableBodySchema = z
  .object({ code: twoFactorCodeSchema.optional(), password: z.string().min(1).max(1024).optional() })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    message: 'Enter a code from your authenticator app or your password',
    path: ['code'],
  });
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;

/** Whether an organisation requires two-factor sign-in of its users (set by its administrators). */
export const twoFactorPolicySchema = z.object({ required: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
