import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { crossSiteGuardPlugin } from './cross-site-guard';
import { errorHandlerPlugin } from './error-handler';
import { requestLanguagePlugin } from './request-language';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appBehind(publicUrl?: string) {
  const app = Fastify();
  apps.push(app);
  await app.register(requestLanguagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(crossSiteGuardPlugin, { publicUrl });
  app.post('/change', async () => ({ changed: true }));
  return app;
}

describe('cross-site guard', () => {
  it('accepts the public origin even when the proxy passes another Host', async () => {
    const app = await appBehind('https://cbm.example.com/portal');
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { host: 'cbm-internal:8080', origin: 'https://cbm.example.com' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses other origins behind the proxy, and the public host on another scheme', async () => {
    const app = await appBehind('https://cbm.example.com');
    for (const origin of ['https://evil.example', 'http://cbm.example.com', 'https://cbm.example.com.evil.example']) {
      const response = await app.inject({
        method: 'POST',
        url: '/change',
        headers: { host: 'cbm-internal:8080', origin },
      });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().code).toBe('auth.crossSiteRequest');
    }
  });

  it.each(['DELETE', 'PUT', 'PATCH'] as const)('guards %s as well', async (method) => {
    const app = await appBehind();
    app.route({ method, url: '/thing', handler: async () => ({ ok: true }) });
    const response = await app.inject({ method, url: '/thing', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  });
});
