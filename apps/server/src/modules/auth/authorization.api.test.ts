import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { DOCS_PREFIX } from '../../plugins/openapi';
import type { RegisteredRoute } from '../../plugins/route-registry';

const isDocs = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
/** A concrete URL for a route pattern: parameters and wildcards filled with a harmless value. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;

// A route added after the docs, whose path merely starts like the docs prefix.
const LOOKALIKE = `${DOCS_PREFIX}-lookalike`;
// A route that needs one of two features.
const FEATURE_PROBE = '/api/v2/feature-probe';

describeEachDatabase('authorisation', (kind) => {
  let t: TestApp;
  let apiRoutes: RegisteredRoute[];
  let operator: string;
  let blocked: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.app.get(LOOKALIKE, async () => ({ secret: true }));
    t.app.get(FEATURE_PROBE, { config: { features: ['cbm_osadmin', 'cbm_update'] } }, async () => ({ ok: true }));
    await t.app.ready();
    operator = await t.signIn('operator@cbm.demo');
    blocked = await t.signIn('blocked@cbm.demo');
    apiRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/v2/') && !isDocs(route.url));
  });
  afterAll(() => t.close());

  it('marks only sign-in status, sign-in with its code step, sign-out, the token-checked device transfers, the password set with a mailed link and the broker HTTP auth backend (checked with BROKER_AUTH_PASSWORD) as public', () => {
    expect(apiRoutes.filter((route) => route.public).map(label)).toEqual([
      'GET /api/v2/authenticated',
      'HEAD /api/v2/authenticated',
      'POST /api/v2/auth/login',
      'POST /api/v2/auth/logout',
      'POST /api/v2/auth/login/enrolment',
      'POST /api/v2/auth/login/code',
      'POST /api/v2/people/password',
      'POST /api/v2/broker-auth/user',
      'POST /api/v2/broker-auth/vhost',
      'POST /api/v2/broker-auth/resource',
      'POST /api/v2/broker-auth/topic',
      'GET /api/v2/updates/:serial/:jobId/download',
      'HEAD /api/v2/updates/:serial/:jobId/download',
      'PUT /api/v2/datalogs/:serial/:id/upload',
    ]);
  });

  it('knows the routes of every module', () => {
    const urls = new Set(apiRoutes.map((route) => route.url));
    for (const url of ['/api/v2/user', '/api/v2/user/theme', '/api/v2/rules', '/api/v2/OperatingSites/info']) {
      expect(urls).toContain(url);
    }
    expect(urls).toContain(LOOKALIKE);
  });

  it('answers 401 on every other /api/v2 route without a session', async () => {
    const guarded = apiRoutes.filter((route) => !route.public);
    expect(guarded.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const route of guarded) {
      const response = await t.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      if (response.statusCode !== 401) failures.push(`${label(route)} → ${response.statusCode}`);
      else if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ code: 'auth.unauthenticated' });
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on a route that needs a feature the user lacks', async () => {
    const refused = await t.request({ url: FEATURE_PROBE, cookie: operator });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
    expect((await t.request({ url: FEATURE_PROBE, cookie: blocked })).statusCode).toBe(403);
    expect((await t.request({ url: FEATURE_PROBE, cookie: await t.signIn('admin@cbm.demo') })).statusCode).toBe(200);
  });

  it('answers 401 with an expired or forged session', async () => {
    const response = await t.request({ url: '/api/v2/OperatingSites/info', cookie: 'cbm_session=forged' });
    expect(response.statusCode).toBe(401);
  });

  it('serves the API docs without a session', async () => {
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`]) {
      expect((await t.request({ url })).statusCode).toBe(200);
    }
  });

  it('answers 401, not 404, on unknown /api paths without a session: no route is revealed', async () => {
    for (const url of ['/api/v2/nothing', '/api/v2/docsx', '/api/other']) {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(401);
    }
  });

  describe('cross-site requests', () => {
    const put = (headers: Record<string, string>, cookie?: string) =>
      t.request({ method: 'PUT', url: '/api/v2/user/theme', headers, cookie, payload: { theme: 'markus' } });

    it.each<Record<string, string>>([
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ])('refuses a state-changing request with %j, even when signed in', async (headers) => {
      const cookie = operator;
      const response = await put({ host: 'localhost', ...headers }, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        code: 'auth.crossSiteRequest',
        message: 'This request came from another web site and was refused.',
      });
      expect((await t.request({ url: '/api/v2/user', cookie })).json()).toMatchObject({ theme: 'default' });
    });

    it('refuses a cross-site sign-in and sign-out', async () => {
      for (const url of ['/api/v2/auth/login', '/api/v2/auth/logout']) {
        const response = await t.request({
          method: 'POST',
          url,
          headers: { origin: 'https://evil.example' },
          payload: { username: 'operator@cbm.demo', password: 'cbm-demo' },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'auth.crossSiteRequest' });
        expect(response.cookies).toEqual([]);
      }
    });

    it('lets same-origin and non-browser requests through', async () => {
      const cookie = blocked;
      const sameOrigin: Record<string, string>[] = [
        { host: 'cbm.example', origin: 'http://cbm.example' },
        { host: 'cbm.example:8443', origin: 'https://cbm.example:8443', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ];
      for (const headers of sameOrigin) {
        const response = await put(headers, cookie);
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      }
      expect((await t.request({ url: '/api/v2/user', cookie })).json()).toMatchObject({ theme: 'markus' });
    });

    it('refuses a cross-site GET that sends a command to a battery, like a POST', async () => {
      const changing = t.app.registeredRoutes.filter((route) => route.changesState && route.method === 'GET');
      expect(changing.map(label)).toEqual([
        'GET /api/v2/battery/BatteryLiveView/:serial/update',
        'GET /api/v2/battery/BatteryList/:serial/enableremote',
      ]);
      const admin = await t.signIn('admin@cbm.demo');
      for (const route of changing) {
        for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
          const response = await t.request({ url: `${concrete(route.url)}?operatingSiteId=1`, headers, cookie: admin });
          expect(response.statusCode, `${label(route)} ${JSON.stringify(headers)}`).toBe(403);
          expect(response.json()).toMatchObject({ code: 'auth.crossSiteRequest' });
        }
      }
    });

    it('lets cross-site reads through (they change nothing)', async () => {
      const response = await t.request({
        url: '/api/v2/user',
        cookie: operator,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(200);
    });
  });
});
