import { createHash, randomBytes } from 'node:crypto';

/** A new upload token: the text for the device's link and the hash the database keeps. */
export function newUploadToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashUploadToken(token) };
}

export const hashUploadToken = (token: string) => createHash('sha256').update(token).digest('hex');
