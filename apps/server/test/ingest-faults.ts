import { EventEmitter, once } from 'node:events';
import { topicFor } from '@cbm/contracts/device-protocol';
import type { Feature } from '@cbm/contracts/features';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/modules/identity/passwords';
import { recomputeRollups } from '../src/modules/rollups/recompute';
import { userRepository } from '../src/modules/users/user-repository';
import { addTestBatteries, connectDevice, json, telemetry } from './mqtt-devices';
import { addOperatingSite } from './operating-site';

/** An operating site with test batteries and a user who sees it, for the database fault tests. */
export async function addFaultSite(db: Database, batteries: number, features: Feature[]) {
  const siteId = await addOperatingSite(db, 'Fault site');
  const { serials } = await addTestBatteries(db, batteries);
  const users = userRepository(db);
  const email = 'faults@cbm.test';
  const userId = await users.create({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Fault',
    lastName: 'Test',
  });
  await users.grantFeatures(userId, features);
  await users.grantSite(userId, siteId);
  return { serials, email };
}

/** Signs in and returns the session cookie. */
async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username: email, password: DEMO_PASSWORD },
  });
  return `cbm_session=${login.cookies.find(({ name }) => name === 'cbm_session')?.value}`;
}

/**
 * Migrates CBM into `db`, adds the fault site (`batteries` test batteries, a user with `features` who sees
 * it) and starts the app on it, every message a sample, in batches of 25; returns the user's session cookie.
 */
export async function startFaultApp(db: Database, batteries: number, features: Feature[]) {
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
  const site = await addFaultSite(db, batteries, features);
  const app = await buildApp({ config, db });
  await app.ready();
  return { app, cookie: await signIn(app, site.email), serials: site.serials };
}

/**
 * One device publishing battery telemetry at QoS 1 through the app's embedded broker, at most `inFlight`
 * unacknowledged at a time: message `seq` goes to battery `seq % serials.length`, every 30 s of device time
 * from `start`. `acknowledged` holds the seqs whose PUBACK arrived (sent by the server after the commit).
 */
export async function telemetryPublisher(app: FastifyInstance, serials: string[], start: number, inFlight = 30) {
  const device = await connectDevice(app);
  const acks = new EventEmitter();
  const acknowledged = new Set<number>();
  let pending = 0;
  let published = 0;
  let stopped = false;
  const waitForAck = () => once(acks, 'ack');
  return {
    acknowledged,
    get published() {
      return published;
    },
    /** Publishes messages published+1 … `upTo` (or until `stop`), waiting for room in the window. */
    async publish(upTo: number) {
      stopped = false;
      while (published < upTo && !stopped) {
        while (pending >= inFlight && !stopped) await waitForAck();
        if (stopped) return;
        const seq = ++published;
        const serial = serials[seq % serials.length] as string;
        const ts = new Date(start + Math.floor(seq / serials.length) * 30_000);
        pending++;
        device.publish(topicFor('battery', serial, 'telemetry'), json(telemetry(seq, ts)), { qos: 1 }, (error) => {
          if (error) throw error;
          pending--;
          acknowledged.add(seq);
          acks.emit('ack');
        });
      }
    },
    /** Publishes no further message (a `publish` waiting for room returns). */
    stop() {
      stopped = true;
      acks.emit('ack');
    },
    /** Resolves once `count` messages are acknowledged. */
    async acknowledgedAtLeast(count: number) {
      while (acknowledged.size < count) await waitForAck();
    },
    end: () => device.endAsync(),
  };
}

/** seq → copies of the batteries' stored samples. */
export async function storedSamples(db: Database, serials: string[]) {
  return db.query<{ seq: number; copies: number }>(
    `SELECT seq::int, count(*)::int AS copies FROM battery_sample WHERE serial_number = ANY($1) GROUP BY seq`,
    [serials],
  );
}

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

/** The roll-ups the listeners stored are there, and equal the same rows recomputed from the raw samples. */
export async function expectRollupsToEqualRecompute(db: Database, serials: string[], start: number) {
  const listened = await rollupRows(db, serials);
  expect(listened.length).toBeGreaterThan(0);
  const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
  await recomputeRollups(db, { serialNumbers: serials, fromDate: day(-1), toDate: day(1) });
  expect(await rollupRows(db, serials)).toEqual(listened);
}

/**
 * Batteries whose live state disagrees with their stored samples (`last_sample_at` is written in the same
 * transaction as the samples): a half-written batch would show here.
 */
export const halfWritten = (db: Pick<Database, 'query'>, serials: string[]) =>
  db.query<{ serial_number: string }>(
    `SELECT b.serial_number FROM battery b
     WHERE b.serial_number = ANY($1)
       AND b.last_sample_at IS DISTINCT FROM (SELECT max(ts) FROM battery_sample s WHERE s.serial_number = b.serial_number)`,
    [serials],
  );
