import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRollupsToEqualRecompute,
  halfWritten,
  startFaultApp,
  storedSamples,
  telemetryPublisher,
} from '../../test/ingest-faults';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import type { Database } from './database';
import { openPostgresDatabase } from './postgres-database';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** Most messages the device may send during the cuts (a battery's 2,000 messages span 17 hours). */
const MESSAGES = 6000;
const CUTS = 25;
const BATTERIES = 3;

/**
 * The server's database connections run through a TCP proxy that drops every one of them again and again
 * while ingest batches are being written (sometimes also refusing new connections for a moment). Each cut
 * can land in any statement of a batch's transaction, its COMMIT included. Afterwards every acknowledged
 * message is stored exactly once, the roll-ups equal a recompute, and no reader ever saw a half-written batch.
 */
describe.skipIf(!databaseUrl)('database connections cut during ingest writes', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let db: Database;
  let direct: Database;
  let app: FastifyInstance;
  let cookie: string;
  let serials: string[];

  beforeAll(async () => {
    const target = new URL(databaseUrl as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    direct = await openPostgresDatabase({ connectionString: target.toString(), schema, max: 2 });
    target.host = `127.0.0.1:${proxy.port}`;
    db = await openPostgresDatabase({ connectionString: target.toString(), schema, max: 4 });
    ({ app, cookie, serials } = await startFaultApp(db, BATTERIES, ['cbm_view']));
  }, 60_000);

  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await app?.close();
    await db?.close();
    await direct?.close();
    await proxy?.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('stores every acknowledged message once, roll-ups equal a recompute, never half a batch', {
    timeout: 60_000,
  }, async () => {
    const user = () => app.inject({ url: '/api/v2/user', headers: { cookie } });
    expect((await user()).statusCode).toBe(200);
    const failedBefore = app.devices.metrics.failedBatches;
    const start = Date.now() - 24 * 3_600_000;
    const publisher = await telemetryPublisher(app, serials, start);
    const publishing = publisher.publish(MESSAGES);

    // The first batch creates the month's partitions (DDL on eight tables); let that pass before the cuts.
    await publisher.acknowledgedAtLeast(1);
    let cuts = 0;
    const answers = new Map<number, number>();
    const halfSeen: string[] = [];
    // While the device keeps publishing: drop every connection every 60–180 ms, 25 times (at most 15 s);
    // every fourth cut also refuses new connections for 150 ms. After each, a reader and the API ask.
    const cutUntil = Date.now() + 15_000;
    while (cuts < CUTS && Date.now() < cutUntil) {
      await delay(60 + Math.random() * 120);
      await proxy.cut();
      cuts++;
      if (cuts % 4 === 0) await delay(150);
      await proxy.restore();
      const status = (await user()).statusCode;
      answers.set(status, (answers.get(status) ?? 0) + 1);
      halfSeen.push(...(await halfWritten(direct, serials)).map((row) => row.serial_number));
    }
    publisher.stop();
    await publishing;
    const published = publisher.published;
    await publisher.acknowledgedAtLeast(published);
    await publisher.end();

    expect(published).toBeLessThan(MESSAGES);
    expect(app.devices.metrics.failedBatches).toBeGreaterThan(failedBefore);
    expect([...answers.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(halfSeen).toEqual([]);
    await expect.poll(async () => (await user()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);

    const stored = await storedSamples(direct, serials);
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    expect(stored.length).toBe(published);
    expect(publisher.acknowledged.size).toBe(published);
    expect(await halfWritten(direct, serials)).toEqual([]);
    await expectRollupsToEqualRecompute(direct, serials, start);
  });
});
