import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../test/site-admins';
import { openSse } from '../../test/sse-client';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('response compression', () => {
  let t: TestApp;
  let admin: string;
  let hamburg: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await t.signIn('admin@cbm.demo');
    hamburg = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
  });
  afterAll(() => t.close());

  it('compresses a large JSON answer with Brotli when the browser accepts it', async () => {
    const url = `/api/v2/battery/BatteryLiveView?operatingSiteId=${hamburg}`;
    const plain = await t.request({ url, cookie: admin });
    const packed = await t.request({ url, cookie: admin, headers: { 'accept-encoding': 'br, gzip' } });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const response = await t.request({ url: '/api/v2/authenticated', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the live stream, so events are not held back', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/v2/live/stream?operatingSiteId=${hamburg}`, {
      cookie: admin,
      'accept-encoding': 'gzip, br',
    });
    try {
      await expect.poll(() => stream.events.map(({ event }) => event)).toContain('ready');
    } finally {
      stream.close();
    }
  });
});
