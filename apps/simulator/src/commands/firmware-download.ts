import { createHash } from 'node:crypto';

/** Downloads a firmware image and checks its sha256; returns why it failed, or null when it is good. */
export async function downloadVerifiedImage(url: string, sha256: string, expiresAt: string): Promise<string | null> {
  // The link's token is checked by the real server, so expiry is wall-clock time, not simulated time.
  if (Date.parse(expiresAt) <= Date.now()) return 'download link expired';
  try {
    const response = await fetch(url);
    if (!response.ok) return `download failed: HTTP ${response.status}`;
    const image = Buffer.from(await response.arrayBuffer());
    const digest = createHash('sha256').update(image).digest('hex');
    return digest === sha256 ? null : 'checksum mismatch: the image does not match its sha256';
  } catch (error) {
    return `download failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
