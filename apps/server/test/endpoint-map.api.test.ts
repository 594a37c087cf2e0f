import { API_PREFIX, apiPath } from '@cbm/contracts/endpoint';
import { ALL_ENDPOINTS } from '@cbm/contracts/endpoints';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/plugins/openapi';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/**
 * Routes under API_PREFIX that are no endpoint of the map: the API documentation (Swagger UI's own files), and
 * sign-in through an identity provider, which a browser reaches by address and only where OIDC is configured.
 */
const NOT_ENDPOINTS = [DOCS_PREFIX, `${API_PREFIX}/auth/oidc`];
const exempt = (url: string) => NOT_ENDPOINTS.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

describeEachDatabase('endpoint map (decision 133)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 180_000);
  afterAll(() => t.close());

  it('has a server route for every endpoint the web may call', () => {
    const missing = ALL_ENDPOINTS.filter(
      (endpoint) => !t.app.hasRoute({ method: endpoint.method, url: apiPath(endpoint) }),
    );
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('defines every /api/v2 route the server registers', () => {
    const defined = new Set(ALL_ENDPOINTS.map((endpoint) => `${endpoint.method} ${apiPath(endpoint)}`));
    const undefinedRoutes = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'HEAD' && !exempt(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !defined.has(route));
    expect(undefinedRoutes).toEqual([]);
  });
});
