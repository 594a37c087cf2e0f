import { createHash, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(pbkdf2);

/**
 * PBKDF2-SHA512 iterations. The secret is 256 random bits, so the hash only has to keep it from being read back,
 * not slow down a guesser; a moderate count keeps a connect cheap (decision 021).
 */
export const SECRET_ITERATIONS = 1000;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

/** A device secret: 32 random bytes, base64url (43 characters). */
export const generateSecret = () => randomBytes(32).toString('base64url');

/** The secret's hash in Mosquitto's password-file format (`$7$iterations$salt$hash`, as mosquitto_passwd writes it). */
export async function hashSecret(secret: string, iterations = SECRET_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(secret, salt, iterations, HASH_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The parts of a `$7$iterations$salt$hash` hash (salt and hash base64, as Mosquitto stores them), or undefined. */
export function parseSecretHash(stored: string): { iterations: number; salt: string; hash: string } | undefined {
  const match = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return undefined;
  const [, iterations, salt, hash] = match as unknown as [string, string, string, string];
  return { iterations: Number(iterations), salt, hash };
}

/** Whether the secret matches a `$7$` hash; false for anything else. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = parseSecretHash(stored);
  if (!parts) return false;
  const expected = Buffer.from(parts.hash, 'base64');
  const actual = await derive(secret, Buffer.from(parts.salt, 'base64'), parts.iterations, expected.length, 'sha512');
  return expected.length > 0 && timingSafeEqual(actual, expected);
}

/** A fast fingerprint of a secret already verified, so a reconnect skips PBKDF2 (kept in memory only). */
export const secretDigest = (secret: string) => createHash('sha256').update(secret).digest('base64');
