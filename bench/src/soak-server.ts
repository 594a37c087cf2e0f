import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { DEMO_SEED } from '../../apps/server/src/demo/demo-fleet';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { copyFrom } from './pg-copy';
import { answerCpuQueries } from './server-cpu';
import { addOperatorAccounts } from './soak-accounts';
import { SOAK_BATTERY_TYPE } from './soak-operators';

/**
 * The soak's server, in its own process: the real app ingesting from the external broker
 * (SOAK_MQTT_URL, its own share group) into its own PostgreSQL schema with SOAK_BATTERIES batteries
 * named SOAK_PREFIX000001… beside the demo's (with SOAK_HISTORY_DAYS of history), dealt round-robin to the first SOAK_SITES demo sites,
 * an account per operator (SOAK_OPERATORS, soak-accounts.ts), samples at
 * SOAK_RESOLUTION_SECONDS (0: every telemetry), and a bare Fastify hello-world in the same process as
 * the API baseline. Prints its ports and sites as JSON. IPC: { sizes } answers the database and table
 * sizes; { copyRows } times a raw COPY of that many rows into a copy of battery_sample; { cpu } its CPU;
 * { loopDelay: 'reset' | 'read' } starts its event-loop delay afresh or answers it since then.
 * SOAK_ROLE=api: an API replica instead (INGEST=false) on the ingesting server's schema (SOAK_SCHEMA) and share
 * group (SOAK_SHARE_GROUP), seeding nothing; it sees the fleet's live changes through the broker.
 */
const url = process.env.SOAK_DATABASE_URL as string;
const prefix = process.env.SOAK_PREFIX as string;
const batteries = Number(process.env.SOAK_BATTERIES);
const siteCount = Number(process.env.SOAK_SITES ?? 1);
const replica = process.env.SOAK_ROLE === 'api';
const schema = process.env.SOAK_SCHEMA ?? `soak_${process.pid}`;
const config = loadConfig(
  {},
  {
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MQTT_URL: process.env.SOAK_MQTT_URL,
    MQTT_CLIENT_ID: `cbm-soak-${process.pid}`,
    MQTT_SHARE_GROUP: process.env.SOAK_SHARE_GROUP ?? `soak${process.pid}`,
    INGEST: !replica,
    SAMPLE_RESOLUTION_SECONDS: Number(process.env.SOAK_RESOLUTION_SECONDS ?? 0),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cbm-soak-')),
    LOGIN_ATTEMPTS_PER_MINUTE: 1000,
  },
);
const db = await openPostgresDatabase({ connectionString: url, schema });
const sites = replica ? await siteIds() : await seed();
const app = await buildApp({ config, db });
const baseline = Fastify();
baseline.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
await baseline.listen({ port: 0, host: '127.0.0.1' });
const port = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
console.log(JSON.stringify({ appPort: port(app), baselinePort: port(baseline), siteIds: sites, schema }));

answerCpuQueries();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('message', async (message: { sizes?: true; copyRows?: number; loopDelay?: 'reset' | 'read' }) => {
  if (message.sizes) process.send?.({ sizes: await sizes() });
  if (message.copyRows) process.send?.({ copyRowsPerSecond: await timeCopy(message.copyRows) });
  if (message.loopDelay === 'reset') loopDelay.reset();
  if (message.loopDelay === 'read') {
    process.send?.({ loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 } });
  }
});

process.on('SIGTERM', async () => {
  await app.close();
  await baseline.close();
  if (!process.env.SOAK_KEEP && !replica) await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  process.exit(0);
});

async function siteIds(): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT $1', [siteCount]);
  return rows.map((row) => row.id);
}

/** The demo with its history, the soak's batteries dealt to the first sites, and the operators' accounts. */
async function seed(): Promise<number[]> {
  await migrate(db, config.migrationsDir);
  await seedDemo(db, new Date(), DEMO_SEED, { historyDays: Number(process.env.SOAK_HISTORY_DAYS ?? 30) });
  const ids = await siteIds();
  await db.query(
    `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
   SELECT $3 || lpad(n::text, 6, '0'), ($1::int[])[1 + (n - 1) % cardinality($1::int[])], 'Soak ' || n, $4, 'Lithium 48 V 620 Ah'
     FROM generate_series(1, $2) AS n`,
    [ids, batteries, prefix, SOAK_BATTERY_TYPE],
  );
  await addOperatorAccounts(db, Number(process.env.SOAK_OPERATORS ?? 0));
  return ids;
}

/** Bytes of the whole database, and of this schema's sample and event tables with their partitions and indexes. */
async function sizes() {
  const [row] = await db.query<{ database: number; samples: number; events: number }>(
    `SELECT pg_database_size(current_database()) AS database,
            (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
              WHERE c.relnamespace = to_regnamespace($1)::oid AND c.relkind = 'r' AND c.relname LIKE 'battery_sample%') AS samples,
            (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
              WHERE c.relnamespace = to_regnamespace($1)::oid AND c.relkind = 'r' AND c.relname LIKE 'device_event%') AS events`,
    [schema],
  );
  return row;
}

/** Raw COPY of `rows` sample rows (CSV) into a fresh table like battery_sample, with its indexes. */
async function timeCopy(rows: number): Promise<number> {
  await db.query('DROP TABLE IF EXISTS soak_copy');
  await db.query('CREATE TABLE soak_copy (LIKE battery_sample INCLUDING ALL)');
  const start = Date.now() - 3_600_000;
  const lines: string[] = [];
  for (let n = 0; n < rows; n++) {
    const serial = `${prefix}${String((n % batteries) + 1).padStart(6, '0')}`;
    const ts = new Date(start + Math.floor(n / batteries) * 1000 + (n % 1000)).toISOString();
    lines.push(
      `${serial},${ts},${n},${sites[0]},discharging,63.4,96.1,51.6,-142.5,3.212,3.231,22.5,29,34.5,,18452.3,17890.1,4120.5,6310.2,2210.7`,
    );
  }
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const began = performance.now();
  await copyFrom(client, 'COPY soak_copy FROM STDIN WITH (FORMAT csv)', csv);
  const seconds = (performance.now() - began) / 1000;
  await client.end();
  await db.query('DROP TABLE soak_copy');
  return rows / seconds;
}
