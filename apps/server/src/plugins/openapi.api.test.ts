import { afterAll, beforeAll, expect, it } from 'vitest';
import { generatedClientDiagnostics, openApiProblems } from '../../test/openapi-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';
import { DOCS_PREFIX } from './openapi';

const isDocs = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
/** Fastify's `:id` is OpenAPI's `{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security: unknown[];
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
}

describeEachDatabase('OpenAPI document', (kind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const response = await t.request({ url: `${DOCS_PREFIX}/json` });
    expect(response.statusCode).toBe(200);
    document = response.json();
  }, 180_000);
  afterAll(() => t.close());

  it('is public OpenAPI 3 describing the CBM API', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('CBM API');
  });

  it('lists every /api/v2 route the app registers, and nothing else', () => {
    const registered = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/v2/') && !isDocs(route.url))
      .filter((route) => !route.hidden && route.method !== 'HEAD')
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered).toContain('GET /api/v2/user');
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('describes a success response for every operation', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const codes = Object.keys(operation.responses ?? {});
        expect(
          codes.some((code) => code.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('asks for the session cookie everywhere but on the public routes', () => {
    expect(document.security).toEqual([{ session: [] }]);
    const publicOperations = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(publicOperations.sort()).toEqual(
      [
        'GET /api/v2/authenticated',
        'POST /api/v2/auth/login',
        'POST /api/v2/auth/login/code',
        'POST /api/v2/auth/login/enrolment',
        'POST /api/v2/auth/logout',
        'POST /api/v2/people/password',
        'PUT /api/v2/datalogs/{serial}/{id}/upload',
        'GET /api/v2/updates/{serial}/{jobId}/download',
        // RabbitMQ's questions: HTTP Basic with BROKER_AUTH_PASSWORD, not a session (decision 090).
        'POST /api/v2/broker-auth/resource',
        'POST /api/v2/broker-auth/topic',
        'POST /api/v2/broker-auth/user',
        'POST /api/v2/broker-auth/vhost',
      ].sort(),
    );
  });

  it('is valid OpenAPI to a standard validator', async () => {
    expect(await openApiProblems(document)).toBe('');
  });

  it('gives a client generated with openapi-typescript that compiles', async () => {
    expect(await generatedClientDiagnostics(document)).toBe('');
  });

  it('describes the invitation e-mail as an e-mail and the site tree through its component', () => {
    const invitation = document.paths['/api/v2/people/invitations']?.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(invitation.requestBody.content['application/json']?.schema.properties.email).toMatchObject({
      type: 'string',
      format: 'email',
    });
    expect(JSON.stringify(document.paths['/api/v2/OperatingSites/info'])).toContain('#/components/schemas/SiteNode');
  });

  it('serves the docs UI', async () => {
    const response = await t.request({ url: DOCS_PREFIX });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
