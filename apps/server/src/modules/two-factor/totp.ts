import { randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@cbm/contracts/two-factor';
import { Secret, TOTP } from 'otpauth';

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new authenticator secret (160 bits, base32, as RFC 4226 recommends). */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const secretUri = (secret: string, email: string) => totp(secret, email).toString();

/**
 * The 30-second step a code belongs to (the current one or its neighbours), or undefined when it matches
 * none. The step lets the caller refuse a code used once already.
 */
export function codeStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TWO_FACTOR.periodSeconds) + delta;
}

/** Ten recovery codes such as `k3m9q-x2p7w`: 50 random bits each, without look-alike letters. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes (people type them from paper). */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
