import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRollupsToEqualRecompute,
  startFaultApp,
  storedSamples,
  telemetryPublisher,
} from '../../test/ingest-faults';
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from '../../test/private-postgres';
import type { Database } from './database';
import { openPostgresDatabase } from './postgres-database';

const MESSAGES = 300;
const IN_FLIGHT = 30;
const BATTERIES = 3;
const unavailable = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : privatePostgresUnavailable();

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
    ({ app, cookie, serials } = await startFaultApp(db, BATTERIES, ['cbm_view']));
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
    const start = Date.now() - 3 * 3_600_000;
    // A battery reports every 30 s: three batteries, 100 messages each, the whole run within one day.
    const publisher = await telemetryPublisher(app, serials, start, IN_FLIGHT);
    let acknowledgedWhileAway = -1;
    const failedBefore = app.devices.metrics.failedBatches;

    const outage = (async () => {
      await publisher.acknowledgedAtLeast(MESSAGES / 3);
      await pg.stop();
      const atStop = publisher.acknowledged.size;
      const refused = await user();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'server.databaseUnavailable', message: expect.any(String) });
      await expect.poll(() => app.devices.metrics.failedBatches, { timeout: 20_000 }).toBeGreaterThan(failedBefore);
      // Nothing is acknowledged that could not be stored.
      acknowledgedWhileAway = publisher.acknowledged.size - atStop;
      await pg.start();
    })();
    await publisher.publish(MESSAGES);
    await outage;
    await publisher.acknowledgedAtLeast(MESSAGES);
    await publisher.end();
    expect(acknowledgedWhileAway).toBe(0);
    await expect.poll(async () => (await user()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);

    const stored = await storedSamples(db, serials);
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
      [...publisher.acknowledged].sort((a, b) => a - b),
    );

    await expectRollupsToEqualRecompute(db, serials, start);
  });
});
