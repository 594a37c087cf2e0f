import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateSecret, hashSecret, verifySecret } from './device-secret';

const run = promisify(execFile);

describe('device secrets', () => {
  it('are long random strings, stored in the $7$ format', async () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(generateSecret()).not.toBe(secret);
    const hash = await hashSecret(secret);
    expect(hash).toMatch(/^\$7\$1000\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifySecret(secret, hash)).toBe(true);
    expect(await verifySecret(`${secret}x`, hash)).toBe(false);
    expect(await verifySecret(secret, 'plain')).toBe(false);
  });

  it('verify what mosquitto_passwd writes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cbm-passwd-'));
    try {
      const file = path.join(dir, 'passwd');
      await run('mosquitto_passwd', ['-b', '-c', file, 'battery-1', 'the secret']);
      const line = (await readFile(file, 'utf8')).trim();
      expect(line).toMatch(/^battery-1:\$7\$/);
      expect(await verifySecret('the secret', line.slice('battery-1:'.length))).toBe(true);
      expect(await verifySecret('another', line.slice('battery-1:'.length))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
