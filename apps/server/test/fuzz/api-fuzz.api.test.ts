import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../../src/plugins/openapi';
import { siteNodeIds } from '../site-admins';
import { createTestApp, type TestApp } from '../test-app';
import { type KnownValues, type OpenApiOperation, requestArbitrary } from './request-arbitrary';

/** Requests per operation: a few in `npm test`, as many as wanted with FUZZ_RUNS. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** A fixed seed keeps `npm test` repeatable; FUZZ_SEED=random (or a number) explores further. */
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20_261_121);
/** Not fuzzed: the live stream never ends, and signing out would end the fuzzing session. */
const SKIPPED = new Set(['GET /api/v2/live/stream', 'POST /api/v2/auth/logout']);

describe('every API route under generated requests', () => {
  let t: TestApp;
  let admin: string;
  let paths: Record<string, Record<string, OpenApiOperation>>;
  let known: KnownValues;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await t.signIn('admin@cbm.demo');
    paths = (await t.request({ url: `${DOCS_PREFIX}/json` })).json().paths;
    const siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    const [battery] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [siteId],
    );
    known = { siteId, serial: battery?.serial_number as string };
  });
  afterAll(() => t.close());

  it('answers each with a success or a 4xx that says what is wrong, never a 5xx', async () => {
    const failures: string[] = [];
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { path, method, operation } of operations) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      await fc
        .assert(
          fc.asyncProperty(requestArbitrary(method, path, operation, known), async (request) => {
            const response = await t.request({ ...request, method: request.method as 'GET', cookie: admin });
            const problem = problemWith(response.statusCode, response.headers['content-type'], response.body);
            if (problem) failures.push(`${request.method} ${request.url.slice(0, 200)} → ${problem}`);
            return !problem;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

function problemWith(status: number, contentType: unknown, body: string): string | undefined {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  if (!String(contentType).startsWith('application/json')) return `${status} without a JSON error body`;
  const error = JSON.parse(body) as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (error.statusCode !== status || typeof error.code !== 'string' || typeof error.message !== 'string') {
    return `${status} with a body not in the error shape: ${body.slice(0, 200)}`;
  }
  return error.message.trim() ? undefined : `${status} with an empty message`;
}
