import { randomBytes } from 'node:crypto';
import { topicFor } from '@cbm/contracts/device-protocol';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, json, telemetry } from '../../test/mqtt-devices';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo } from '../demo/seed-demo';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPostgresDatabase } from './postgres-database';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('while the database is away', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let db: Database;
  let app: FastifyInstance;
  let cookie: string;
  const user = (language = 'en') =>
    app.inject({ url: '/api/v2/user', headers: { cookie, 'accept-language': language } });

  beforeAll(async () => {
    const target = new URL(databaseUrl as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    db = await openPostgresDatabase({ connectionString: target.toString(), schema, max: 4 });
    const config = loadConfig(
      {},
      { LOG_LEVEL: 'silent', MQTT_PORT: 0, SESSION_CACHE_SECONDS: 0, SAMPLE_RESOLUTION_SECONDS: 60 },
    );
    await migrate(db, config.migrationsDir);
    await seedDemo(db, new Date('2026-11-21T10:00:00Z'));
    app = await buildApp({ config, db });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'operator@cbm.demo', password: DEMO_PASSWORD },
    });
    cookie = `cbm_session=${login.cookies.find(({ name }) => name === 'cbm_session')?.value}`;
  });

  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await app?.close();
    await db?.close();
    await proxy.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('fails requests closed with 503 and a clear message, then recovers by itself', async () => {
    expect((await user()).statusCode).toBe(200);
    await proxy.cut();

    const refused = await user('de');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      statusCode: 503,
      code: 'server.databaseUnavailable',
      message: expect.stringContaining('Datenbank ist gerade nicht erreichbar'),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'operator@cbm.demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    expect(login.cookies).toEqual([]);

    await proxy.restore();
    await expect.poll(async () => (await user()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
  });

  it('acknowledges no device message it could not store, and stores each once when the database is back', async () => {
    const { serials } = await addTestBatteries(db, 3);
    const device = await connectDevice(app);
    const failedBefore = app.devices.metrics.failedBatches;
    await proxy.cut();
    const start = Date.now() - 3_600_000;
    let acknowledged = 0;
    const publishes = Array.from({ length: 30 }, (_, index) =>
      device
        .publishAsync(
          topicFor('battery', serials[index % 3] as string, 'telemetry'),
          json(telemetry(index + 1, new Date(start + index * 60_000))),
          { qos: 1 },
        )
        .then(() => {
          acknowledged++;
        }),
    );
    await expect.poll(() => app.devices.metrics.failedBatches, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
    expect(acknowledged).toBe(0);

    await proxy.restore();
    await Promise.all(publishes);
    await device.endAsync();
    const [stored] = await db.query<{ samples: number }>(
      'SELECT count(*)::int AS samples FROM battery_sample WHERE serial_number = ANY($1::text[])',
      [serials],
    );
    expect(stored?.samples).toBe(30);
  }, 30_000);
});
