import { FEATURES, type Feature } from '@cbm/contracts/features';
import { SITE_PERMISSION_NAMES } from '@cbm/contracts/site-permissions';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/identity/passwords';
import { userRepository } from '../src/modules/users/user-repository';
import { DOCS_PREFIX } from '../src/plugins/openapi';
import type { RegisteredRoute } from '../src/plugins/route-registry';
import {
  OWN_SITE_STATE_ANSWERS,
  siteDevices,
  siteEntityIds,
  VALID_BODIES,
  VALID_FORMS,
} from './authorization-fixtures';
import { type RequestTarget, validRequest } from './authorization-requests';
import type { OpenApiOperation } from './fuzz/request-arbitrary';
import { pathVariants } from './path-variants';
import { siteNodeIds } from './site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const UNKNOWN_ID = 987_654;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const answer = (response: { statusCode: number; body: string; label?: string }) =>
  `${response.label ? `${response.label} → ` : ''}${response.statusCode} ${response.body.slice(0, 400)}`;
const ID_PARAMETER = /:(id|fileId|\w+Id)\b/;

/**
 * Every API route × the features it needs × own site / another site / an unknown site or id, generated from
 * the routes the app registered. Requests carry valid parameters and bodies (authorization-requests.ts), so the
 * answer is authorisation's alone: 401 without a session, 403 without the feature, 403 or 404 at a site the
 * user cannot see, 404 for an unknown site, battery or record and for another site's battery or record, 2xx at
 * the user's own site; never 400, never another site's data.
 */
describeEachDatabase('authorisation matrix', (kind) => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let operations: Record<string, Record<string, OpenApiOperation>>;
  type SiteFixture = Omit<RequestTarget, 'id'> & { ids: Map<string, number> };
  let own: SiteFixture;
  let other: SiteFixture;
  const cookies = new Map<string, { cookie: string; email: string }>();

  async function userWith(features: readonly Feature[], siteId: number) {
    const userKey = `${[...features].sort().join(',')}@${siteId}`;
    const known = cookies.get(userKey);
    if (known) return known;
    const users = userRepository(t.db);
    const email = `matrix-${cookies.size}@cbm.test`;
    const userId = await users.create({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Matrix',
      lastName: 'User',
    });
    await users.grantFeatures(userId, features);
    await users.grantSite(userId, siteId);
    await users.grantPermissions(userId, siteId, SITE_PERMISSION_NAMES);
    const user = { cookie: await t.signIn(email), email };
    cookies.set(userKey, user);
    return user;
  }
  const cookieFor = async (route: RegisteredRoute) =>
    userWith(route.features.length ? route.features : FEATURES, own.site);

  const request = async (
    route: RegisteredRoute,
    target: RequestTarget,
    cookie?: string,
    spelt = (url: string) => url,
  ) => {
    const operation = operations[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};
    const generated = validRequest(route, operation, target, VALID_BODIES[key(route)]);
    const valid = { ...generated, url: spelt(generated.url) };
    const form = VALID_FORMS[key(route)]?.(target);
    if (!form) return t.request({ ...valid, cookie });
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return t.request({
      ...valid,
      payload,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      cookie,
    });
  };
  /** The id of a record of `at`'s site the route takes, or a failure when the fixtures know none. */
  const recordId = (route: RegisteredRoute, at: SiteFixture) => {
    if (!ID_PARAMETER.test(route.url.replace(/:operatingSiteId\b/, ''))) return 1;
    return at.ids.get(key(route)) ?? at.ids.get(route.url);
  };
  /** Whether the request names a site anywhere (path, query or body). */
  const isSiteRoute = (route: RegisteredRoute) => {
    const operation = operations[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};
    const probe = validRequest(route, operation, { site: 424_242, serial: 'S', id: 1 }, VALID_BODIES[key(route)]);
    return JSON.stringify(probe).includes('424242');
  };

  beforeAll(async () => {
    // A week of history, so that the figure routes (statistics, export, report) answer with data.
    t = await createTestApp(kind, {}, {}, { historyDays: 8 });
    // The matrix asks what the routes answer, not what background jobs do: the campaign runner would move the
    // fixture campaign on between the requests (pause it when its job fails, so that "pause" answered 409).
    await t.app.jobs.stop();
    const admin = await t.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    own = { ...(await siteDevices(t.db, ids['Hamburg Hafen'] as number)), ids: new Map() };
    other = { ...(await siteDevices(t.db, ids['Wien Süd'] as number)), ids: new Map() };
    other.ids = await siteEntityIds(t.db, other.site, 'admin@cbm.demo');
    operations = (await t.request({ url: `${DOCS_PREFIX}/json` })).json().paths;
    routes = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/v2/') &&
        !route.public &&
        route.method !== 'HEAD' &&
        !route.url.startsWith(DOCS_PREFIX) &&
        route.url !== '/api/v2/live/stream',
    );
  });
  afterAll(() => t.close());

  it('answers 401 on every route without a session', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await request(route, { ...own, id: 1 });
      if (response.statusCode !== 401) failures.push(`${key(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every route to a user without one of its features, with 403', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.features.length > 0)) {
      const { cookie } = await userWith(
        FEATURES.filter((feature) => !route.features.includes(feature)),
        own.site,
      );
      const response = await request(route, { ...own, id: 1 }, cookie);
      if (response.statusCode !== 403) failures.push(`${key(route)} → ${answer(response)}`);
    }
    expect(failures).toEqual([]);
  });

  /** Each route under every other spelling of its path (path-variants.ts), with the given user's cookie. */
  const variantAnswers = async (
    candidates: RegisteredRoute[],
    cookieOf: (route: RegisteredRoute) => Promise<string>,
  ) => {
    const answers: { label: string; statusCode: number; body: string }[] = [];
    for (const route of candidates) {
      const cookie = await cookieOf(route);
      for (let index = 0; index < pathVariants('/api/v2').length; index++) {
        let sent = '';
        const spelt = (url: string) => {
          sent = pathVariants(url)[index] ?? url;
          return sent;
        };
        const response = await request(route, { ...own, id: 1 }, cookie, spelt);
        answers.push({ label: `${key(route)} as ${sent}`, ...response });
      }
    }
    return answers;
  };

  it('answers 401 without a session however the path is spelt (encoded, doubled or dotted)', async () => {
    const answers = await variantAnswers(
      t.app.registeredRoutes.filter((route) => !route.public && route.method !== 'HEAD'),
      async () => '',
    );
    expect(answers.length).toBeGreaterThan(1000);
    expect(answers.filter((response) => response.statusCode !== 401).map(answer)).toEqual([]);
  });

  it('refuses every route with features under every spelling of its path to a user without them', async () => {
    const featureRoutes = routes.filter((candidate) => candidate.features.length > 0);
    const answers = await variantAnswers(featureRoutes, async (route) => {
      const lacking = FEATURES.filter((feature) => !route.features.includes(feature));
      return (await userWith(lacking, own.site)).cookie;
    });
    expect(answers.filter((response) => ![403, 404].includes(response.statusCode)).map(answer)).toEqual([]);
  });

  it('answers 403 or 404 for a site the user cannot see and 404 for an unknown one, never data', async () => {
    const failures: string[] = [];
    const siteRoutes = routes.filter(isSiteRoute);
    expect(siteRoutes.length).toBeGreaterThan(40);
    for (const route of siteRoutes) {
      const { cookie } = await cookieFor(route);
      const otherId = recordId(route, other) ?? UNKNOWN_ID;
      const atOther = await request(route, { ...other, id: otherId }, cookie);
      if (![403, 404].includes(atOther.statusCode) || atOther.body.includes(other.serial)) {
        failures.push(`${key(route)} at another site → ${answer(atOther)}`);
      }
      const unknown = await request(route, { ...other, site: UNKNOWN_ID, id: otherId }, cookie);
      if (unknown.statusCode !== 404) {
        failures.push(`${key(route)} at an unknown site → ${answer(unknown)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 for another site’s battery or record, and for an unknown one, at the user’s own site', async () => {
    const failures: string[] = [];
    const entityRoutes = routes.filter((route) => /:\w+/.test(route.url.replace(/:(a|operatingSiteId)\b/, '')));
    expect(entityRoutes.length).toBeGreaterThan(15);
    for (const route of entityRoutes) {
      const { cookie } = await cookieFor(route);
      const otherId = recordId(route, other);
      if (otherId === undefined) {
        failures.push(`${key(route)}: no record of another site known (authorization-fixtures.ts)`);
        continue;
      }
      const foreign = await request(route, { ...own, serial: other.serial, id: otherId }, cookie);
      if (foreign.statusCode !== 404) {
        failures.push(`${key(route)} with another site's record → ${answer(foreign)}`);
      }
      const unknown = await request(route, { ...own, serial: 'UNKNOWN-0000', id: UNKNOWN_ID }, cookie);
      if (unknown.statusCode !== 404) {
        failures.push(`${key(route)} with an unknown record → ${answer(unknown)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Last: these requests change things (they delete the records they were given).
  it('serves every route at the user’s own site with its feature (2xx)', async () => {
    const failures: string[] = [];
    const idsOf = new Map<string, Map<string, number>>();
    for (const route of routes) {
      const user = await cookieFor(route);
      const ids = idsOf.get(user.email) ?? (await siteEntityIds(t.db, own.site, user.email));
      idsOf.set(user.email, ids);
      const id = recordId(route, { ...own, ids });
      if (id === undefined) {
        failures.push(`${key(route)}: no record of the own site known (authorization-fixtures.ts)`);
        continue;
      }
      const response = await request(route, { ...own, id }, user.cookie);
      const expected = OWN_SITE_STATE_ANSWERS[key(route)]?.status;
      if ((response.statusCode < 200 || response.statusCode > 299) && response.statusCode !== expected) {
        failures.push(`${key(route)} → ${answer(response)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
