import { FEATURES, type Feature } from '@cbm/contracts/features';
import { SITE_PERMISSION_NAMES } from '@cbm/contracts/site-permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/demo-users';
import { hashPassword } from '../src/modules/auth/passwords';
import { userRepository } from '../src/modules/users/user-repository';
import { DOCS_PREFIX } from '../src/plugins/openapi';
import type { RegisteredRoute } from '../src/plugins/route-registry';
import { otherSiteEntityIds } from './authorization-fixtures';
import type { OpenApiOperation } from './fuzz/request-arbitrary';
import { siteNodeIds } from './site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const UNKNOWN_SITE = 987_654;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const SITE_PARAMETERS = /^(operatingSiteIds?|a)$/;
const BATTERY_PARAMETERS = /^(serial|serialNumber|b)$/;

/**
 * Every API route × the features it needs × own site / another site / an unknown site or id, generated from
 * the routes the app registered: 403 without the feature, 403 or 404 at a site the user cannot see, 404 for an
 * unknown site or another site's battery or record, and never another site's data.
 */
describeEachDatabase('authorisation matrix', (kind) => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let operations: Record<string, Record<string, OpenApiOperation>>;
  let ownSite: number;
  let otherSite: number;
  let otherSerial: string;
  let otherIds: Map<string, number>;
  const cookies = new Map<string, string>();

  async function userWith(features: readonly Feature[], siteId: number): Promise<string> {
    const key = `${[...features].sort().join(',')}@${siteId}`;
    const known = cookies.get(key);
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
    const cookie = await t.signIn(email);
    cookies.set(key, cookie);
    return cookie;
  }

  /** The route's URL with this site and battery, every other parameter a plain valid-looking value. */
  function requestFor(route: RegisteredRoute, site: number, serial: string, id: number) {
    const operation = operations[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};
    let url = route.url.replace(/:(\w+)/g, (_, name: string) => {
      if (SITE_PARAMETERS.test(name)) return String(site);
      if (BATTERY_PARAMETERS.test(name)) return encodeURIComponent(serial);
      return String(id);
    });
    const query = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      if (SITE_PARAMETERS.test(parameter.name)) query.append(parameter.name, String(site));
      else if (BATTERY_PARAMETERS.test(parameter.name)) query.append(parameter.name, serial);
    }
    if (query.size) url += `?${query}`;
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    return { method: route.method as 'GET', url, ...(hasBody ? { payload: { operatingSiteIds: [site] } } : {}) };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    ownSite = ids['Hamburg Hafen'] as number;
    otherSite = ids['Wien Süd'] as number;
    const [battery] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [otherSite],
    );
    otherSerial = battery?.serial_number as string;
    otherIds = await otherSiteEntityIds(t.db, otherSite, ownSite);
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

  it('refuses every route to a user without one of its features, with 403', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.features.length > 0)) {
      const others = FEATURES.filter((feature) => !route.features.includes(feature));
      const cookie = await userWith(others, ownSite);
      const response = await t.request({ ...requestFor(route, ownSite, otherSerial, 1), cookie });
      if (response.statusCode !== 403) failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 or 404 for a site the user cannot see and 404 for an unknown one, never data', async () => {
    const failures: string[] = [];
    const siteRoutes = routes.filter((route) => {
      const operation = operations[openApiPath(route.url)]?.[route.method.toLowerCase()];
      return (
        /:a\b|:operatingSiteId\b/.test(route.url) ||
        (operation?.parameters ?? []).some((parameter) => SITE_PARAMETERS.test(parameter.name))
      );
    });
    expect(siteRoutes.length).toBeGreaterThan(10);
    for (const route of siteRoutes) {
      const cookie = await userWith(route.features.length ? route.features : FEATURES, ownSite);
      const other = await t.request({ ...requestFor(route, otherSite, otherSerial, 1), cookie });
      if (![400, 403, 404].includes(other.statusCode)) {
        failures.push(`${route.method} ${route.url} at another site → ${other.statusCode}`);
      }
      const unknown = await t.request({ ...requestFor(route, UNKNOWN_SITE, otherSerial, 1), cookie });
      if (![400, 404].includes(unknown.statusCode)) {
        failures.push(`${route.method} ${route.url} at an unknown site → ${unknown.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 for another site’s battery or record at the user’s own site', async () => {
    const failures: string[] = [];
    const entityRoutes = routes.filter((route) => /:\w+/.test(route.url.replace(/:(a|operatingSiteId)\b/, '')));
    for (const route of entityRoutes) {
      const cookie = await userWith(route.features.length ? route.features : FEATURES, ownSite);
      const id = otherIds.get(`${route.method} ${route.url}`) ?? otherIds.get(route.url);
      const idParameter = /:(id|\w+Id)\b/.test(route.url.replace(/:operatingSiteId\b/, ''));
      if (idParameter && id === undefined) {
        failures.push(`${route.method} ${route.url}: no record of another site known (authorization-fixtures.ts)`);
        continue;
      }
      const response = await t.request({ ...requestFor(route, ownSite, otherSerial, id ?? 1), cookie });
      if (![400, 404].includes(response.statusCode)) {
        failures.push(`${route.method} ${route.url} with another site's record → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
