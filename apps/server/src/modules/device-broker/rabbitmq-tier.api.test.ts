import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout } from 'node:timers/promises';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPublisher, storedCopies } from '../../../test/ledger-publisher';
import {
  addTestBatteries,
  type MqttCredentials,
  registerTestDevice,
  testGateway,
  uniqueId,
} from '../../../test/mqtt-devices';
import { type PrivateRabbitCluster, RABBITMQ_MISSING, startPrivateRabbitCluster } from '../../../test/private-rabbitmq';
import { freePort } from '../../../test/server-process';
import { openTestDatabase, TEST_SEED_TIME, type TestDatabase } from '../../../test/test-app';
import { DEMO_SEED } from '../../demo/demo-fleet';
import { seedDemo } from '../../demo/seed-demo';
import { deviceRegistryService } from '../device-registry/device-registry-service';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const BROKER_AUTH_PASSWORD = 'broker-secret-for-tests';
const EVENTS = 3000;
const CLI_ACTOR = { userId: null, email: 'cli' };
// Opt-in (TEST_RABBITMQ_CLUSTER=1): starting three RabbitMQ nodes took 4 to 8 minutes on a loaded 2-core machine and the
// run is not yet reliable there (decision 090), so `npm test` does not run it by default.
const skipReason =
  RABBITMQ_MISSING ??
  (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set') ??
  (process.env.TEST_RABBITMQ_CLUSTER === '1' ? undefined : 'TEST_RABBITMQ_CLUSTER is not 1');

/** One CBM process (test/replica-server.ts) on the test's schema: an ingest worker, or the API (INGEST=false). */
async function startCbm(env: Record<string, string>): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/replica-server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      SAMPLE_RESOLUTION_SECONDS: '0',
      LOG_LEVEL: 'error',
      REPLICA_JOB_EVERY_MS: '3600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`CBM process exited with ${code} before it was ready`);
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  return { process: child, port: (JSON.parse(line) as { port: number }).port };
}

const connectsTo = (url: string, device: MqttCredentials) =>
  mqtt.connectAsync(url, { ...device, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000 }).then(
    (client) => client.endAsync().then(() => true),
    () => false,
  );

/**
 * The supported production broker tier (decision 090): three RabbitMQ nodes, a quorum queue all ingest workers
 * consume from with acknowledgements after the commit, devices checked against CBM's registry by every node.
 * An outside MQTT 3.1.1 publisher keeps its own ledger of PUBACKs; SQL counts what was stored.
 */
describe.skipIf(skipReason)(`the RabbitMQ broker tier${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const children: ChildProcess[] = [];
  let database: TestDatabase;
  let schema: string;
  let cluster: PrivateRabbitCluster;
  let apiPort: number;
  const cbmEnv = () => ({
    REPLICA_SCHEMA: schema,
    RABBITMQ_URLS: cluster.amqpUrls.join(','),
    // Production: the cluster's load-balanced MQTT address; here the node that the test never kills.
    MQTT_URL: cluster.internalMqttUrl,
    BROKER_AUTH_PASSWORD,
    RABBITMQ_MANAGEMENT_URLS: cluster.managementUrls.join(','),
  });
  /** Revokes the battery as the portal does: the site administrator's session, POST …/revoke. */
  const revokeInPortal = async (serial: string, siteId: number) => {
    const base = `http://127.0.0.1:${apiPort}`;
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@cbm.demo', password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    return fetch(`${base}/api/v2/devices/battery/${serial}/revoke?operatingSiteId=${siteId}`, {
      method: 'POST',
      headers: { cookie, origin: base },
    });
  };
  const startWorker = async (clientId: string) => {
    const worker = await startCbm({ ...cbmEnv(), INGEST: 'true', MQTT_CLIENT_ID: clientId });
    children.push(worker.process);
    return worker.process;
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const [row] = await database.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    schema = row?.schema as string;
    await seedDemo(database.db, TEST_SEED_TIME, DEMO_SEED);
    await database.db.query(
      'CREATE TABLE scale_out_job_run (id serial, holder text, started_at timestamptz, finished_at timestamptz)',
    );
    apiPort = await freePort();
    cluster = await startPrivateRabbitCluster(
      `http://broker:${BROKER_AUTH_PASSWORD}@127.0.0.1:${apiPort}/api/v2/broker-auth`,
    );
    const api = await startCbm({ ...cbmEnv(), INGEST: 'false', REPLICA_PORT: String(apiPort) });
    children.push(api.process);
  }, 700_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await cluster?.stop();
    await database?.drop();
  }, 60_000);

  it('loses nothing acknowledged and stores nothing twice through a worker SIGKILL (new id) and a node SIGKILL with a backlog', async () => {
    const { serials } = await addTestBatteries(database.db, 4);
    const gateway = await testGateway(database.db);
    const first = await startWorker(uniqueId('cbm-w1'));
    await startWorker(uniqueId('cbm-w2'));
    const device = ledgerPublisher(
      [cluster.mqttUrls[1], cluster.mqttUrls[2], cluster.mqttUrls[0]] as string[],
      gateway,
      serials,
    );
    const publishing = device.publish(EVENTS);

    await device.acknowledgedAtLeast(EVENTS / 4);
    first.kill('SIGKILL');
    await startWorker(uniqueId('cbm-w3'));

    await device.acknowledgedAtLeast(EVENTS / 2);
    // A backlog: every worker gone while the device goes on; then the queue's first node dies with it.
    for (const child of children.slice(1)) child.kill('SIGKILL');
    await device.acknowledgedAtLeast((EVENTS * 3) / 4);
    await cluster.killNode(1);
    await startWorker(uniqueId('cbm-w4'));
    await publishing;
    await device.acknowledgedAtLeast(EVENTS);
    await device.end();

    const stored = () => storedCopies(database.db, 'device_event', serials);
    const lost = async () => {
      const rows = await stored();
      return [...device.acknowledged].filter((key) => !rows.has(key)).length;
    };
    await expect.poll(lost, { timeout: 60_000, interval: 500 }).toBe(0);
    expect([...(await stored()).values()].filter((copies) => copies !== 1)).toEqual([]);
  }, 400_000);

  it('lets a registered device in at every node and shuts it out at every node once revoked in the portal', async () => {
    await cluster.startNode(1);
    const { siteId } = await addTestBatteries(database.db, 1);
    const serial = uniqueId('RV');
    const device = await registerTestDevice(database.db, 'battery', serial, siteId);
    for (const url of cluster.mqttUrls) expect(await connectsTo(url, device)).toBe(true);

    expect((await revokeInPortal(serial, siteId)).status).toBe(200);
    for (const url of cluster.mqttUrls) expect(await connectsTo(url, device)).toBe(false);
  }, 120_000);

  /**
   * A device of its own connected to node 2 is revoked by `revoke`; how long after its connection was closed
   * (Infinity: still open after 5 s). Afterwards no node lets it in.
   */
  const closedAfterRevocation = async (revoke: (serial: string, siteId: number) => Promise<void>) => {
    const { siteId } = await addTestBatteries(database.db, 1);
    const serial = uniqueId('KC');
    const device = await registerTestDevice(database.db, 'battery', serial, siteId);
    const connected = await mqtt.connectAsync(cluster.mqttUrls[1] as string, {
      ...device,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const closed = new Promise<number>((resolve) => connected.once('close', () => resolve(performance.now())));
    const revokedAt = performance.now();
    const stillOpen = setTimeout(5_000).then(() => Number.POSITIVE_INFINITY);
    await revoke(serial, siteId);
    const closedAfterMs = (await Promise.race([closed, stillOpen])) - revokedAt;
    connected.end(true);
    for (const url of cluster.mqttUrls) expect(await connectsTo(url, device)).toBe(false);
    return closedAfterMs;
  };

  it('closes the connection of a device revoked in the portal within 5 s, and no node lets it in again', async () => {
    const closedAfterMs = await closedAfterRevocation(async (serial, siteId) => {
      expect((await revokeInPortal(serial, siteId)).status).toBe(200);
    });
    console.log(`Revoked in the portal: its connection to node 2 closed after ${Math.round(closedAfterMs)} ms`);
    expect(closedAfterMs).toBeLessThan(5_000);
  }, 60_000);

  it('closes the connection of a device revoked by another process (the CLI) within 5 s', async () => {
    const closedAfterMs = await closedAfterRevocation(async (serialNumber, operatingSiteId) => {
      await deviceRegistryService(database.db).revoke(CLI_ACTOR, {
        deviceClass: 'battery',
        serialNumber,
        operatingSiteId,
      });
    });
    console.log(`Revoked by another process: its connection to node 2 closed after ${Math.round(closedAfterMs)} ms`);
    expect(closedAfterMs).toBeLessThan(5_000);
  }, 60_000);
});
