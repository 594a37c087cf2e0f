import { clientSettingsSchema } from '@cbm/contracts/client-settings';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { APP_VERSION } from '../../version';

describeEachDatabase('client settings', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });
  });
  afterAll(() => t.close());

  it('gives the web app the map tile server, the sign-in options and the version', async () => {
    const response = await t.request({ url: '/api/v2/settings/client', cookie: await t.signIn('blocked@cbm.demo') });
    expect(response.statusCode).toBe(200);
    expect(clientSettingsSchema.parse(response.json())).toEqual({
      mapTileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      oidcEnabled: false,
      version: APP_VERSION,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ url: '/api/v2/settings/client' })).statusCode).toBe(401);
  });

  it('lets the page load map tiles from that server only', async () => {
    const response = await t.request({ url: '/api/v2/authenticated' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: blob: https://*.tiles.example.com");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });
});
