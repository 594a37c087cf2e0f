import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from '../../../test/private-postgres';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openPostgresDatabase } from '../../db/postgres-database';

describeEachDatabase('health and readiness', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz without a session', async () => {
    const response = await t.request({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'alive' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await t.request({ url: '/healthz', headers: { 'x-request-id': 'proxy-42' } });
    expect(forwarded.headers['x-request-id']).toBe('proxy-42');
  });

  it('is ready with the database migrated and the embedded broker listening', async () => {
    const response = await t.request({ url: '/readyz' });
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', broker: 'ok' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const newest = await t.db.query<{ name: string }>('SELECT max(name) AS name FROM schema_migration');
    await t.db.query('DELETE FROM schema_migration WHERE name = $1', [newest[0]?.name]);
    try {
      const response = await t.request({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.migrations).toBe(`${newest[0]?.name} not applied`);
    } finally {
      await t.db.query('INSERT INTO schema_migration (name) VALUES ($1)', [newest[0]?.name]);
    }
  });
});

const unavailable = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : privatePostgresUnavailable();

describe.skipIf(unavailable)(
  `readiness while PostgreSQL is stopped${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let pg: PrivatePostgres;
    let db: Database;
    let app: FastifyInstance;
    const readyz = () => app.inject({ url: '/readyz' });

    beforeAll(async () => {
      pg = await startPrivatePostgres();
      db = await openPostgresDatabase({ connectionString: pg.url, schema: 'cbm', max: 4 });
      const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: 0 });
      await migrate(db, config.migrationsDir);
      app = await buildApp({ config, db });
      await app.ready();
    }, 120_000);

    afterAll(async () => {
      await pg?.start().catch(() => undefined);
      await app?.close();
      await db?.close();
      await pg?.destroy();
    });

    it('answers 503 naming the database while it is away and 200 again after', { timeout: 60_000 }, async () => {
      expect((await readyz()).statusCode).toBe(200);
      await pg.stop();
      const away = await readyz();
      expect(away.statusCode).toBe(503);
      expect(away.json().checks.database).toMatch(/^unavailable: /);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await pg.start();
      await expect.poll(async () => (await readyz()).statusCode, { timeout: 20_000, interval: 250 }).toBe(200);
    });
  },
);
