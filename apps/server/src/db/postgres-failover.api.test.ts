import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFaultSite } from '../../test/ingest-faults';
import { ledgerPublisher } from '../../test/ledger-publisher';
import { testGateway } from '../../test/mqtt-devices';
import { PG_AUTO_FAILOVER_MISSING, type PostgresPair, startPostgresPair } from '../../test/private-postgres-pair';
import { freePort, type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { loadConfig } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPostgresDatabase } from './postgres-database';

const EVENTS = 4000;
const IN_FLIGHT = 40;
const BATTERIES = 4;
// Opt-in (TEST_PG_HA=1, `npm run test:pg-ha`): three PostgreSQL servers and a failover take a minute or more.
const skipReason = PG_AUTO_FAILOVER_MISSING ?? (process.env.TEST_PG_HA === '1' ? undefined : 'TEST_PG_HA is not 1');

const seconds = (from: number) => Math.round((Date.now() - from) / 100) / 10;

/**
 * The PostgreSQL pair of decision 125: pg_auto_failover's monitor, a primary and a synchronous standby
 * (deploy/postgres-ha/local-pair.sh). CBM runs on its multi-host DATABASE_URL, an outside MQTT 3.1.1 gateway
 * keeps its own ledger of PUBACKs, and the primary's machine dies (keeper and PostgreSQL SIGKILLed) with messages
 * in flight: the standby is promoted and CBM carries on there by itself.
 */
describe.skipIf(skipReason)(`a PostgreSQL failover${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let pair: PostgresPair;
  let db: Database;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    pair = await startPostgresPair();
    db = await openPostgresDatabase({ connectionString: pair.url, max: 2 });
    await migrate(db, loadConfig({}).migrationsDir);
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-pgha-server-'));
  }, 300_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await db?.close();
    await pair?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('loses no acknowledged message, stores none twice, and ingests and answers again within 30 s', async () => {
    const { serials, email } = await addFaultSite(db, BATTERIES, ['cbm_view']);
    const gateway = await testGateway(db);
    const mqttPort = await freePort();
    server = await startServerProcess({
      ...process.env,
      DATABASE_URL: pair.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: String(mqttPort),
      SESSION_CACHE_SECONDS: '0',
      LOG_LEVEL: 'error',
      DEMO: 'false',
    });
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const userAnswers = () =>
      fetch(`${server.url}/api/v2/user`, { headers: { cookie }, signal: AbortSignal.timeout(5000) }).then(
        (answer) => answer.status === 200,
        () => false,
      );
    expect(await userAnswers()).toBe(true);

    const device = ledgerPublisher([`mqtt://127.0.0.1:${mqttPort}`], gateway, serials, IN_FLIGHT);
    const publishing = device.publish(EVENTS);
    await device.acknowledgedAtLeast(EVENTS / 3);
    const primary = await pair.primary();
    const acknowledgedAtKill = device.acknowledged.size;
    const killedAt = Date.now();
    await pair.killNode(primary);

    // Back: a message published after the kill is acknowledged (a full window beyond the count at the kill).
    const ingestion = (async () => {
      await device.acknowledgedAtLeast(acknowledgedAtKill + IN_FLIGHT + 1);
      return seconds(killedAt);
    })();
    // The API: polled until it answers again once it has stopped answering (0 s if it answered throughout).
    let apiBack = Number.POSITIVE_INFINITY;
    let down = false;
    while (seconds(killedAt) < 60) {
      const up = await userAnswers();
      down ||= !up;
      if (up && (down || seconds(killedAt) > 5)) {
        apiBack = down ? seconds(killedAt) : 0;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ingestionBack = await ingestion;
    await publishing;
    await device.acknowledgedAtLeast(EVENTS);
    await device.end();

    const rows = await db.query<{ key: string; copies: number }>(
      `SELECT serial_number || '/' || seq AS key, count(*)::int AS copies FROM device_event
       WHERE serial_number = ANY($1) GROUP BY 1`,
      [serials],
    );
    const stored = new Map(rows.map((row) => [row.key, row.copies]));
    const lost = [...device.acknowledged].filter((key) => !stored.has(key)).length;
    const twice = rows.filter((row) => row.copies > 1).length;
    console.log(
      [
        `PostgreSQL failover: node ${primary} (primary) SIGKILLed with keeper, ${acknowledgedAtKill} acknowledged then`,
        '| acknowledged | stored | lost | twice | ingestion back (s) | GET /api/v2/user back (s) | new primary |',
        `| ${device.acknowledged.size} | ${stored.size} | ${lost} | ${twice} | ${ingestionBack} | ${apiBack} | node ${await pair.primary()} |`,
      ].join('\n'),
    );
    expect({ lost, twice }).toEqual({ lost: 0, twice: 0 });
    expect(ingestionBack).toBeLessThan(30);
    expect(apiBack).toBeLessThan(30);
  }, 300_000);
});
