import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { apiPath } from '@cbm/contracts/endpoint';
import { liveEndpoints } from '@cbm/contracts/endpoints/live';
import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { syntheticBatteries } from '@cbm/simulator/cli/synthetic-fleet';
import { startFleet } from '@cbm/simulator/fleet/start-fleet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo';
import { messageLedger, storedCounts } from './message-ledger';
import { TEST_MQTT_URL, uniqueId } from './mqtt-devices';
import { openSse } from './sse-client';
import { openTestDatabase, type TestDatabase } from './test-app';

const BATTERIES = 300;
/**
 * A battery's messages go to either replica (Mosquitto shares round-robin), so they are spaced wider
 * than a commit takes, as a real device's 10 s are: a telemetry that arrives after a newer one of
 * the same battery updates no sample by design (docs/decisions/009-device-ingestion.md).
 */
const INTERVAL_MS = 3_000;
/** Publish until the batteries sent this many telemetry messages in all (a loaded machine sends fewer per second). */
const TELEMETRY = BATTERIES * 3;
const JOB_EVERY_MS = 300;
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : !TEST_MQTT_URL
    ? 'TEST_MQTT_URL is not set'
    : undefined;

interface Replica {
  process: ChildProcess;
  port: number;
  clientId: string;
}

const children: ChildProcess[] = [];

async function startReplica(schema: string, shareGroup: string, clientId: string, ingest = true): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/replica-server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      REPLICA_SCHEMA: schema,
      REPLICA_JOB_EVERY_MS: String(JOB_EVERY_MS),
      INGEST: String(ingest),
      MQTT_URL: TEST_MQTT_URL,
      MQTT_CLIENT_ID: clientId,
      MQTT_SHARE_GROUP: shareGroup,
      SAMPLE_RESOLUTION_SECONDS: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`replica ${clientId} exited with ${code} before it was ready`);
  });
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line'),
    exited,
  ])) as [string];
  return { process: child, port: (JSON.parse(line) as { port: number }).port, clientId };
}

const cookies = new Map<number, string>();

/** The demo admin's session cookie at a replica, signed in once per replica. */
async function cookieOf(replica: Replica): Promise<string> {
  if (!cookies.has(replica.port)) {
    const login = await fetch(`http://127.0.0.1:${replica.port}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@cbm.demo', password: DEMO_PASSWORD }),
    });
    cookies.set(replica.port, login.headers.get('set-cookie')?.split(';')[0] ?? '');
  }
  return cookies.get(replica.port) ?? '';
}

/** A replica's own ingestion counters (GET /api/v2/metrics). */
async function ingestOf(replica: Replica) {
  const response = await fetch(`http://127.0.0.1:${replica.port}/api/v2/metrics`, {
    headers: { cookie: await cookieOf(replica) },
  });
  const metrics = serverMetricsSchema.parse(await response.json());
  return {
    received: metrics.received.telemetry ?? 0,
    stored: metrics.stored.batterySample ?? 0,
    notKept: metrics.samplesSkipped + (metrics.duplicates.batterySample ?? 0),
    queued: metrics.queue.depth,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe.skipIf(skipReason)(
  `two server replicas on one PostgreSQL and MQTT shared subscriptions${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let schema: string;
    let replicas: Replica[] = [];
    /** An API replica (INGEST=false): its browsers see changes only through the live relay. */
    let apiReplica: Replica;
    let siteId: number;
    const prefix = `SO${uniqueId('').slice(1, 9).toUpperCase()}`;

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      await seedDemo(database.db);
      const [current] = await database.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      schema = current?.schema as string;
      await database.db.query(
        'CREATE TABLE scale_out_job_run (id serial PRIMARY KEY, holder text NOT NULL, started_at timestamptz NOT NULL, finished_at timestamptz)',
      );
      await database.db.query(
        `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
       SELECT serial, (SELECT min(id) FROM operating_site), serial, 'L48-620', 'Scale-out test'
         FROM unnest($1::text[]) AS serial`,
        [syntheticBatteries(BATTERIES, prefix, 'Europe/Berlin').map((battery) => battery.serialNumber)],
      );
      const [site] = await database.db.query<{ id: number }>('SELECT min(id) AS id FROM operating_site');
      siteId = site?.id as number;
      const group = uniqueId('scale');
      [apiReplica, ...replicas] = await Promise.all([
        startReplica(schema, group, uniqueId('cbm-api'), false),
        ...[1, 2].map((n) => startReplica(schema, group, uniqueId(`cbm-replica-${n}`))),
      ]);
    }, 240_000);

    afterAll(async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null) return;
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        }),
      );
      await database?.drop();
    });

    it('stores every message the simulator published through both replicas exactly once, and each replica took a share', {
      timeout: 180_000,
    }, async () => {
      const live = await openSse(
        `http://127.0.0.1:${apiReplica.port}${apiPath(liveEndpoints.stream)}?operatingSiteId=${siteId}`,
        {
          cookie: await cookieOf(apiReplica),
        },
      );
      // Ready once the API replica hears the site's changes through the relay.
      await waitFor(async () => live.events.some((event) => event.event === 'ready'), 10_000);
      const ledger = await messageLedger(TEST_MQTT_URL as string, prefix);
      const fleet = startFleet({
        brokerUrl: TEST_MQTT_URL as string,
        devices: { batteries: syntheticBatteries(BATTERIES, prefix, 'Europe/Berlin') },
        intervalMs: INTERVAL_MS,
        connections: 4,
        clientIdPrefix: uniqueId('cbm-scale-sim'),
        onError: (error) => {
          throw error;
        },
      });
      await fleet.ready;
      await waitFor(async () => ledger.counts().telemetry >= TELEMETRY, 60_000);
      await fleet.stop();
      const published = ledger.counts();
      await ledger.close();
      let shares = await Promise.all(replicas.map(ingestOf));
      await waitFor(async () => {
        shares = await Promise.all(replicas.map(ingestOf));
        const handled = sum(shares.map((share) => share.stored + share.notKept));
        return handled >= published.telemetry && shares.every((share) => share.queued === 0);
      }, 60_000);
      const stored = await storedCounts(database.db, prefix);

      expect(published.telemetry).toBeGreaterThanOrEqual(TELEMETRY);
      expect(fleet.counters.failed).toBe(0);
      // Nothing lost between broker and replicas, and each replica took a share.
      expect(sum(shares.map((share) => share.received))).toBeGreaterThanOrEqual(published.telemetry);
      for (const share of shares) expect(share.received).toBeGreaterThan(published.telemetry * 0.1);
      // Nothing stored twice; every event stored.
      expect(stored).toMatchObject({ sampleDuplicates: 0, events: published.events, eventDuplicates: 0 });
      expect(stored.samples).toBe(sum(shares.map((share) => share.stored)));
      // Every telemetry is a sample, except one that reached its replica after a newer one of the same
      // battery had been stored by the other replica: counted as not kept (decision 009).
      expect(stored.samples).toBeLessThanOrEqual(published.telemetry);
      expect(published.telemetry - stored.samples).toBeLessThanOrEqual(sum(shares.map((share) => share.notKept)));
      // The API replica stored nothing, yet its live stream saw every battery change: the relay.
      const pushed = () =>
        new Set(
          live.events
            .filter((event) => event.event === 'battery')
            .map((event) => (event.data as { batterySerialNumber: string }).batterySerialNumber)
            .filter((serial) => serial.startsWith(prefix)),
        ).size;
      await waitFor(async () => pushed() === BATTERIES, 10_000);
      live.close();
      expect(live.status).toBe(200);
      expect(pushed()).toBe(BATTERIES);
    });

    it('runs a periodic job on one replica at a time, once per period', async () => {
      const runs = await database.db.query<{ holder: string; started: number; finished: number | null }>(
        `SELECT holder, extract(epoch FROM started_at) * 1000 AS started, extract(epoch FROM finished_at) * 1000 AS finished
         FROM scale_out_job_run ORDER BY started_at`,
      );
      expect(runs.length).toBeGreaterThanOrEqual(10);
      for (const [index, run] of runs.slice(1).entries()) {
        const previous = runs[index] as (typeof runs)[number];
        expect(previous.finished, 'a run never overlaps the previous one').toBeLessThanOrEqual(run.started);
      }
      // At most one run per period between both replicas (each alone would run once per period).
      const first = runs[0] as (typeof runs)[number];
      const last = runs.at(-1) as (typeof runs)[number];
      // Half a period of slack: a run writes its row a few ms after claiming the job.
      expect(runs.length).toBeLessThanOrEqual(
        Math.floor((last.started - first.started + JOB_EVERY_MS / 2) / JOB_EVERY_MS) + 1,
      );
    });
  },
);
