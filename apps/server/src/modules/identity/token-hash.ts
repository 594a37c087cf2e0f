import { createHash } from 'node:crypto';

/** Secret tokens (sessions, mailed links) are stored by this hash: a leaked table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
