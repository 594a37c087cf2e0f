import { EventEmitter, once } from 'node:events';
import { topicFor } from '@cbm/contracts/device-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, json, telemetry } from '../../test/mqtt-devices';
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from '../../test/private-postgres';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_PASSWORD } from '../demo/demo-users';
import { hashPassword } from '../modules/auth/passwords';
import { deviceBrokerUrl } from '../modules/devices/devices-plugin';
import { recomputeRollups } from '../modules/rollups/recompute';
import { userRepository } from '../modules/users/user-repository';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPostgresDatabase } from './postgres-database';

const MESSAGES = 300;
const IN_FLIGHT = 30;
const BATTERIES = 3;
const unavailable = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : privatePostgresUnavailable();

/** Roll-up rows of the batteries, without generated ids, in a stable order. */
const rollupRows = (db: Database, serials: string[]) =>
  db.query<{ row: string }>(
    `SELECT row FROM (
       SELECT 'day ' || (to_jsonb(d) - 'id')::text AS row FROM battery_day d WHERE battery_serial_number = ANY($1)
       UNION ALL SELECT 'session ' || (to_jsonb(s) - 'id')::text FROM charge_session s WHERE battery_serial_number = ANY($1)
       UNION ALL SELECT 'hour ' || (to_jsonb(h) - 'id')::text FROM battery_hour h WHERE battery_serial_number = ANY($1)
     ) rows ORDER BY row`,
    [serials],
  );

/**
 * A real PostgreSQL server of the test's own, stopped (`pg_ctl stop -m fast`) in the middle of ingestion and
 * started again: requests fail closed with 503 while it is away, the server recovers by itself, every
 * acknowledged message is stored exactly once and the roll-ups equal a recompute from the raw samples.
 */
describe.skipIf(unavailable)(`a PostgreSQL restart${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let pg: PrivatePostgres;
  let db: Database;
  let app: FastifyInstance;
  let cookie: string;
  let serials: string[];
  const user = () => app.inject({ url: '/api/v2/user', headers: { cookie } });

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    db = await openPostgresDatabase({ connectionString: pg.url, schema: 'cbm', max: 4 });
    const config = loadConfig(
      {},
      {
        LOG_LEVEL: 'silent',
        MQTT_PORT: 0,
        SESSION_CACHE_SECONDS: 0,
        SAMPLE_RESOLUTION_SECONDS: 0,
        INGEST_BATCH_SIZE: 25,
      },
    );
    await migrate(db, config.migrationsDir);
    const [site] = await db.query<{ id: number }>(
      `INSERT INTO site_node (name, type) VALUES ('Restart site', 'operatingSite') RETURNING id`,
    );
    await db.query(
      `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
       VALUES ($1, 53.5, 10, 'Europe/Berlin', 'EUR', 0.3)`,
      [site?.id],
    );
    ({ serials } = await addTestBatteries(db, BATTERIES));
    const users = userRepository(db);
    const userId = await users.create({
      email: 'restart@cbm.test',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Restart',
      lastName: 'Test',
    });
    await users.grantFeatures(userId, ['cbm_view']);
    await users.grantSite(userId, site?.id as number);
    app = await buildApp({ config, db });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'restart@cbm.test', password: DEMO_PASSWORD },
    });
    cookie = `cbm_session=${login.cookies.find(({ name }) => name === 'cbm_session')?.value}`;
  }, 120_000);

  afterAll(async () => {
    await pg?.start().catch(() => undefined);
    await app?.close();
    await db?.close();
    await pg?.destroy();
  });

  it('fails closed while it is away, recovers by itself, stores every acknowledged message once', {
    timeout: 90_000,
  }, async () => {
    expect((await user()).statusCode).toBe(200);
    const device = await connectDevice(deviceBrokerUrl(app));
    const acks = new EventEmitter();
    const acknowledged = new Set<number>();
    let inFlight = 0;
    let acknowledgedWhileAway = -1;
    const failedBefore = app.devices.metrics.failedBatches;
    const start = Date.now() - 3 * 3_600_000;

    const outage = (async () => {
      while (acknowledged.size < MESSAGES / 3) await once(acks, 'ack');
      await pg.stop();
      const atStop = acknowledged.size;
      const refused = await user();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'server.databaseUnavailable', message: expect.any(String) });
      await expect.poll(() => app.devices.metrics.failedBatches, { timeout: 20_000 }).toBeGreaterThan(failedBefore);
      // Nothing is acknowledged that could not be stored.
      acknowledgedWhileAway = acknowledged.size - atStop;
      await pg.start();
    })();
    for (let seq = 1; seq <= MESSAGES; seq++) {
      while (inFlight >= IN_FLIGHT) await once(acks, 'ack');
      const serial = serials[seq % BATTERIES] as string;
      // A battery reports every 30 s: three batteries, 100 messages each, the whole run within one day.
      const ts = new Date(start + Math.floor(seq / BATTERIES) * 30_000);
      inFlight++;
      device.publish(topicFor('battery', serial, 'telemetry'), json(telemetry(seq, ts)), { qos: 1 }, (error) => {
        if (error) throw error;
        inFlight--;
        acknowledged.add(seq);
        acks.emit('ack');
      });
    }
    await outage;
    while (acknowledged.size < MESSAGES) await once(acks, 'ack');
    await device.endAsync();
    expect(acknowledgedWhileAway).toBe(0);
    await expect.poll(async () => (await user()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);

    const stored = await db.query<{ seq: number; copies: number }>(
      `SELECT seq::int, count(*)::int AS copies FROM battery_sample WHERE serial_number = ANY($1) GROUP BY seq`,
      [serials],
    );
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));

    const listened = await rollupRows(db, serials);
    expect(listened.length).toBeGreaterThan(0);
    const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
    await recomputeRollups(db, { serialNumbers: serials, fromDate: day(-1), toDate: day(1) });
    expect(await rollupRows(db, serials)).toEqual(listened);
  });
});
