import type { AlarmCondition } from '@cbm/contracts/alarms';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { wrapPglite } from '../../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { deviceBrokerUrl } from '../../apps/server/src/modules/device-channel/device-channel-plugin';
import { generateEvents } from './event-query-data';
import { ingestSettings } from './ingest-settings';
import { copyFrom } from './pg-copy';
import { answerCpuQueries } from './server-cpu';

/**
 * The ingest benchmark's server, in its own process: the real app (embedded broker, pipeline,
 * PostgreSQL or PGlite) with BENCH_BATTERIES extra batteries and samples at BENCH_RESOLUTION_SECONDS.
 * Prints its addresses as JSON; on an IPC message { baselineRows } it times a raw COPY of that many
 * sample rows into a copy of battery_sample (same columns, same indexes) and raw UPDATEs of that many
 * batteries' live state, and answers { copyRowsPerSecond, liveUpdateRowsPerSecond, ingest }.
 * BENCH_THRESHOLD_RULES=1 gives every bench site two active threshold rules (SoC, cell temperature); BENCH_EVENTS
 * battery events over the last year (event-query-data.ts) are added to the demo's.
 */
const batteries = Number(process.env.BENCH_BATTERIES ?? 20_000);
/** A large operating site; the live stream watches the first (the probe battery's). */
const BATTERIES_PER_SITE = 1000;
const url = process.env.BENCH_DATABASE_URL;
const schema = `bench_ingest_${process.pid}`;
const config = loadConfig(ingestSettings(), {
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  MQTT_PORT: 0,
  SAMPLE_RESOLUTION_SECONDS: Number(process.env.BENCH_RESOLUTION_SECONDS ?? 0),
  LOGIN_ATTEMPTS_PER_MINUTE: 1000,
});

const rawPglite = url ? undefined : await PGlite.create();
const db = rawPglite ? wrapPglite(rawPglite) : await openPostgresDatabase({ connectionString: url as string, schema });
await migrate(db, config.migrationsDir);
await seedDemo(db);
const events = Number(process.env.BENCH_EVENTS ?? 0);
if (events > 0) {
  await generateEvents(
    db,
    rawPglite ? { kind: 'pglite', pglite: rawPglite } : { kind: 'postgres', url: url as string, schema },
    events,
    Date.now(),
  );
}
const site = await benchSites();
await db.query(
  `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
   SELECT 'BENCH' || lpad(n::text, 6, '0'), ($1::int[])[(n - 1) / $3 + 1], 'Bench ' || n, 'LFP 48V', 'Bench'
     FROM generate_series(1, $2) AS n`,
  [site.ids, batteries, BATTERIES_PER_SITE],
);
if (process.env.BENCH_THRESHOLD_RULES === '1') await thresholdRules(site.ids);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
// The bench's clients carry many batteries each: a gateway (docs/decisions/021-device-registry.md).
const { registered } = await app.deviceRegistry.register({ userId: null, email: 'bench' }, [
  { deviceClass: 'gateway', serialNumber: 'bench', deviceType: 'bench', operatingSiteId: null },
]);
const gateway = { username: registered[0]?.username, password: registered[0]?.secret };
console.log(
  JSON.stringify({
    mqttUrl: deviceBrokerUrl(app),
    gateway,
    appPort: port,
    siteId: site.ids[0],
    database: db.kind,
    batteries,
  }),
);

answerCpuQueries();
process.on('message', async (message: { baselineRows?: number }) => {
  if (!message.baselineRows) return;
  const ingest = app.devices.metrics.snapshot();
  const copyRowsPerSecond = await timeCopy(message.baselineRows);
  const liveUpdateRowsPerSecond = await timeLiveStateUpdate(message.baselineRows);
  process.send?.({ copyRowsPerSecond, liveUpdateRowsPerSecond, ingest });
});

/** On SIGTERM, or when the bench that started it is gone (its IPC channel closed). */
async function shutdown() {
  await app.close();
  if (url) await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('disconnect', shutdown);

/** Operating sites like the demo's first one, in the same organisation, BATTERIES_PER_SITE batteries each. */
async function benchSites(): Promise<{ ids: number[] }> {
  const nodes = await db.query<{ id: number }>(
    `INSERT INTO site_node (parent_id, name, type)
     SELECT (SELECT parent_id FROM site_node WHERE id = (SELECT min(id) FROM operating_site)), 'Bench site ' || n,
       'operatingSite'
       FROM generate_series(1, $1) AS n
     RETURNING id`,
    [Math.ceil(batteries / BATTERIES_PER_SITE)],
  );
  const ids = nodes.map((node) => node.id).sort((a, b) => a - b);
  await db.query(
    `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
     SELECT node.id, s.latitude, s.longitude, s.timezone, s.currency, s.price_per_kwh
       FROM unnest($1::int[]) AS node(id), operating_site s WHERE s.id = (SELECT min(id) FROM operating_site)`,
    [ids],
  );
  return { ids };
}

/** A rule on SoC and one on the hottest cell per site, with lines the bench's telemetry stays inside. */
async function thresholdRules(siteIds: number[]): Promise<void> {
  const rules: [string, AlarmCondition][] = [
    ['SoC below 20 %', { metric: 'socBelow', threshold: 20, hysteresis: 2, minDurationSeconds: 60 }],
    ['Cell above 45 °C', { metric: 'cellTemperatureAbove', threshold: 45, hysteresis: 3, minDurationSeconds: 60 }],
  ];
  await db.query(
    `INSERT INTO alert (product, operating_site_id, name, emails, condition)
     SELECT 'battery', site.id, rule.name, '{bench@example.com}', rule.condition
       FROM unnest($1::int[]) AS site(id), jsonb_to_recordset($2::jsonb) AS rule(name text, condition jsonb)`,
    [siteIds, JSON.stringify(rules.map(([name, condition]) => ({ name, condition })))],
  );
}

const serialOf = (n: number) => `BENCH${String((n % batteries) + 1).padStart(6, '0')}`;

/**
 * Raw UPDATEs of `rows` batteries' live state (the columns ingestion writes), a statement and a
 * commit per 1,000 rows as ingestion's batches.
 */
async function timeLiveStateUpdate(rows: number): Promise<number> {
  const began = performance.now();
  for (let first = 0; first < rows; first += 1000) {
    const serials = Array.from({ length: Math.min(1000, rows - first) }, (_, n) => serialOf(first + n));
    await db.query(
      `UPDATE battery SET soc = 63.4, soh = 96.1, stack_voltage = 51.6, current_a = -142.5,
         min_cell_temperature = 22.5, max_cell_temperature = 29, min_cell_voltage = 3.212, max_cell_voltage = 3.231,
         status = 'discharging', online = true, last_data_timestamp = now(), last_sample_at = now()
       WHERE serial_number = ANY($1::text[])`,
      [serials],
    );
  }
  return rows / ((performance.now() - began) / 1000);
}

/** Raw COPY of `rows` sample rows (CSV) into a fresh table like battery_sample, with its indexes. */
async function timeCopy(rows: number): Promise<number> {
  await db.query('DROP TABLE IF EXISTS bench_copy');
  await db.query('CREATE TABLE bench_copy (LIKE battery_sample INCLUDING ALL)');
  const start = Date.now() - 3_600_000;
  const lines: string[] = [];
  for (let n = 0; n < rows; n++) {
    const serial = serialOf(n);
    const ts = new Date(start + Math.floor(n / batteries) * 1000 + (n % 1000)).toISOString();
    lines.push(
      `${serial},${ts},${n},${site.ids[0]},discharging,63.4,96.1,51.6,-142.5,3.212,3.231,22.5,29,34.5,,18452.3,17890.1,4120.5,6310.2,2210.7`,
    );
  }
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  const sql = 'COPY bench_copy FROM STDIN WITH (FORMAT csv)';
  const began = performance.now();
  if (rawPglite) {
    await rawPglite.query("COPY bench_copy FROM '/dev/blob' WITH (FORMAT csv)", [], { blob: new Blob([csv]) });
  } else {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    await copyFrom(client, sql, csv);
    await client.end();
  }
  const seconds = (performance.now() - began) / 1000;
  await db.query('DROP TABLE bench_copy');
  return rows / seconds;
}
