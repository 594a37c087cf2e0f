import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { DEMO_ACCOUNTS } from '@cbm/demo-fixtures/demo-users';
import pg from 'pg';
import { storedCounts } from '../../apps/server/test/message-ledger';
import { startPrivateMosquitto } from '../../apps/server/test/private-mosquitto';
import { benchServerArgs } from './node-flags';
import { postgresCpuMicros } from './postgres-cpu';
import { setting } from './smoke';
import { soakOperatorEmail } from './soak-accounts';
import { retried, signIn, soakSetup } from './soak-api';
import { browse, type LatencyLog, OPERATOR_REQUESTS } from './soak-operators';
import { type LoopDelay, printSoakReport, type Sample, type SoakFigures } from './soak-report';
import { type StreamTally, watchLiveStream } from './soak-stream';
import { startSimulator, transportCpuPerMessage } from './soak-transport';

/**
 * `npm run soak`: the server on PostgreSQL ingesting from the Mosquitto at SOAK_MQTT_URL (else one of its own
 * with the shipped settings, deploy/mosquitto) while the fleet simulator sends SOAK_BATTERIES batteries every
 * SOAK_INTERVAL_SECONDS across SOAK_SITES sites and SOAK_OPERATORS operators browse through the API, each under
 * an account of their own with the live stream of their site open (after a phase of ingestion alone),
 * for SOAK_MINUTES, with threshold rules active at every site. Counts what was published (what the broker
 * acknowledged to the simulator, per battery: no subscriber at the broker costs the machine under test) against
 * what was stored, and prints API latencies, event-loop delay, CPU per message,
 * memory and disk growth, each against baselines of the same run. `--goal` is the goal load:
 * 100,000 batteries every 10 s at the default sample resolution, 20 operators over 5 sites. `--replica`: the
 * operators are served by an API replica (INGEST=false) in a process of its own beside the ingesting server, the
 * shape of docs/operations.md, Several replicas. Exits 1 when a message was lost or stored twice.
 * BENCH_SMOKE=1: a few hundred batteries for half a minute (CI).
 */
const goal = process.argv.includes('--goal');
const replica = process.argv.includes('--replica');
const minutes = setting('SOAK_MINUTES', 10, 0.5);
const batteries = setting('SOAK_BATTERIES', goal ? 100_000 : 10_000, 300);
const intervalSeconds = setting('SOAK_INTERVAL_SECONDS', 10, 10);
const operators = setting('SOAK_OPERATORS', goal ? 20 : 5, 3);
const siteCount = setting('SOAK_SITES', goal ? 5 : 1, 3);
const resolutionSeconds = String(setting('SOAK_RESOLUTION_SECONDS', goal ? 60 : 0, 60));
const transportSeconds = setting('SOAK_TRANSPORT_SECONDS', 60, 5);
const databaseUrl =
  process.env.SOAK_DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// A broker of its own with the shipped settings (a raised per-client queue), never the machine's on 1883.
const privateBroker = process.env.SOAK_MQTT_URL ? undefined : await startPrivateMosquitto();
const mqttUrl = process.env.SOAK_MQTT_URL ?? (privateBroker?.url as string);
const prefix = `SOAK${process.pid}X`;
const SAMPLE_EVERY_MS = 30_000;

interface ServerInfo {
  appPort: number;
  baselinePort: number;
  siteIds: number[];
  schema: string;
}

const shareGroup = `soak${process.pid}`;
const ingesting = await startServer('server', {});
const api = replica
  ? await startServer('api replica', { SOAK_ROLE: 'api', SOAK_SCHEMA: ingesting.info.schema })
  : ingesting;
const servers = replica ? [ingesting, api] : [ingesting];
// A soak that fails half-way still takes its servers (and the schema) down with it.
process.on('exit', () => {
  for (const { child } of [...servers].reverse()) child.kill('SIGTERM');
  void privateBroker?.stop();
});
const info = api.info;
const base = `http://127.0.0.1:${info.appPort}`;
const ingestBase = `http://127.0.0.1:${ingesting.info.appPort}`;
const cookie = await signIn(base, DEMO_ACCOUNTS.admin);
const operatorCookies = await Promise.all(
  Array.from({ length: operators }, (_, index) => signIn(base, soakOperatorEmail(index + 1))),
);
const setup = soakSetup(base, cookie);
const db = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${info.schema}` });
const stored = () =>
  storedCounts(
    { query: async (sql, params) => (await db.query(sql, params)).rows, execScript: async () => {} },
    prefix,
  );

const documented = new Set(
  Object.keys(((await (await fetch(`${base}/api/v2/docs/json`)).json()) as { paths: object }).paths),
);
const requests = OPERATOR_REQUESTS.filter((request) => documented.has(request.path));
const skipped = OPERATOR_REQUESTS.filter((request) => !documented.has(request.path)).map((request) => request.name);

console.log(
  `Soak: ${batteries} batteries every ${intervalSeconds} s (samples every ${resolutionSeconds} s; 0: all) over ${info.siteIds.length} sites through ${mqttUrl}, ${operators} operators, ${minutes} min, PostgreSQL schema ${info.schema}`,
);
for (const siteId of info.siteIds) await setup.addThresholdRules(siteId);
const alertIds = await Promise.all(
  Array.from({ length: operators }, (_, index) => setup.addAlertRule(siteOf(index), `Soak operator ${index + 1}`)),
);
const historySerials = new Map(
  (
    await db.query<{ site: number; serial: string }>(
      `SELECT operating_site_id AS site, min(serial_number) AS serial FROM battery
        WHERE operating_site_id = ANY($1) AND serial_number NOT LIKE $2 || '%' GROUP BY operating_site_id`,
      [info.siteIds, prefix],
    )
  ).rows.map((row) => [row.site, row.serial]),
);
const fleet = { batteries, intervalSeconds, prefix };
const simulator = startSimulator(fleet, mqttUrl, ['--ledger', `${resolutionSeconds}s`]);
const samples: Sample[] = [];
const sample = async () => {
  const taken = await takeSample();
  if (taken) samples.push(taken);
};
await sample();
const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);
const ingestOnly = await ingestOnlyCpu();
for (const { child } of servers) child.send({ loopDelay: 'reset' });

const streams = await Promise.all(
  Array.from({ length: operators }, (_, index) =>
    watchLiveStream(base, operatorCookies[index] as string, siteOf(index)),
  ),
);

const logs = new Map<string, LatencyLog>();
let running = true;
const browsing = Array.from({ length: operators }, (_, index) =>
  browse(
    {
      base,
      cookie: operatorCookies[index] as string,
      siteId: siteOf(index),
      alertId: alertIds[index] as number,
      historySerial: historySerials.get(siteOf(index)) as string,
      serials: serialsOf(index),
      requests,
      baselineUrl: `http://127.0.0.1:${info.baselinePort}/hello`,
      thinkMs: 1000,
      running: () => running,
    },
    logs,
  ),
);
const loadStarted = performance.now();
const loaded = await cpuPerReceived(minutes * 60);
const loopDelays = await Promise.all(
  servers.map(async ({ label, child }) => ({
    label,
    ...(await ask<Omit<LoopDelay, 'label'>>({ loopDelay: 'read' }, 'loopDelayMs', child)),
  })),
);
running = false;
await Promise.all(browsing);
for (const stream of streams) stream.close();
simulator.child.kill('SIGTERM');
const simulated = await simulator.summary;
const loadSeconds = (performance.now() - loadStarted) / 1000;
clearInterval(sampler);

// What the broker acknowledged must be stored; the server may still be storing the tail.
const published = simulated.acknowledged ?? { telemetry: Number.NaN, events: Number.NaN, sampleIntervals: 0 };
const drainStarted = performance.now();
// Waiting is read off the server's own counters; the stored rows are counted once, at the end: counting them
// every second (count DISTINCT over a million rows) took from PostgreSQL the time the drain measures.
let progress = await ingestProgress();
for (let quiet = 0, last = -1; quiet < 60 && !handledAll(progress); quiet++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  progress = (await ingestProgress()) ?? progress;
  const handled = progress ? progress.handled.telemetry + progress.handled.events : last;
  if (handled !== last) quiet = 0;
  last = handled;
}
const drainSeconds = (performance.now() - drainStarted) / 1000;
const counts = await stored();
await sample();
const copyRowsPerSecond = await ask<number>(
  { copyRows: Math.min(Math.max(counts.samples, 10_000), 300_000) },
  'copyRowsPerSecond',
);

const transportMicros = transportSeconds > 0 ? await transportCpuPerMessage(fleet, transportSeconds) : Number.NaN;

const figures: SoakFigures = {
  minutes: loadSeconds / 60,
  batteries,
  intervalSeconds,
  published,
  simulated,
  stored: counts,
  copyRowsPerSecond,
  logs,
  skipped,
  samples,
  drainSeconds,
  streams: streams.map(tallyOf),
  cpuPerMessage: { ...loaded, ingestOnly, transport: transportMicros },
  loopDelays,
  shape: replica ? 'an ingesting server and an API replica' : 'one server',
};
const ok = printSoakReport(figures);
if (privateBroker) {
  const drops = (await privateBroker.log()).split('\n').filter((line) => line.includes('messages are being dropped'));
  console.log(`broker: "Outgoing messages are being dropped" logged ${drops.length} times`);
  for (const line of drops.slice(0, 5)) console.log(`  ${line}`);
}
await db.end();
for (const { child } of [...servers].reverse()) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
await privateBroker?.stop();
process.exit(ok ? 0 : 1);

/**
 * CPU (µs) of the server and of PostgreSQL per telemetry message the server received over the next `seconds`.
 * PostgreSQL's is the whole server's (what operators' queries cost too), read from /proc when it runs here.
 */
async function cpuPerReceived(seconds: number) {
  const cpu = async () => ({
    server: (await Promise.all(servers.map(({ child }) => ask<number>({ cpu: true }, 'cpuMicros', child)))).reduce(
      (sum, micros) => sum + micros,
      0,
    ),
    postgres: postgresCpuMicros(),
  });
  const received = async () => (await takeSample())?.ingest.receivedTelemetry ?? Number.NaN;
  const [before, receivedBefore] = [await cpu(), await received()];
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const [after, receivedAfter] = [await cpu(), await received()];
  const count = receivedAfter - receivedBefore;
  return {
    server: (after.server - before.server) / count,
    postgres:
      before.postgres === undefined || after.postgres === undefined
        ? Number.NaN
        : (after.postgres - before.postgres) / count,
  };
}

/**
 * The same per message with ingestion alone, before the operators start: after SOAK_WARMUP_SECONDS (every
 * battery's first sample creates its roll-up rows, which later samples only update) over SOAK_INGEST_ONLY_SECONDS.
 */
async function ingestOnlyCpu() {
  await new Promise((resolve) => setTimeout(resolve, setting('SOAK_WARMUP_SECONDS', 70, 5) * 1000));
  return cpuPerReceived(setting('SOAK_INGEST_ONLY_SECONDS', 60, 5));
}

/** The server's /api/v2/metrics; undefined when it did not answer them, e.g. while overloaded. */
async function serverMetrics() {
  const parsed = serverMetricsSchema.safeParse(
    await retried(() => fetch(`${ingestBase}/api/v2/metrics`, { headers: { cookie } })),
  );
  return parsed.success ? parsed.data : undefined;
}

/** The server's figures now; undefined (and a note) when it did not answer them, e.g. while overloaded. */
async function takeSample(): Promise<Sample | undefined> {
  const metrics = await serverMetrics();
  if (!metrics) {
    console.log('  note: /api/v2/metrics did not answer its figures; sample skipped');
    return undefined;
  }
  const sizes = await ask<Sample['sizes']>({ sizes: true }, 'sizes');
  return {
    at: performance.now(),
    process: metrics.process,
    queueDepth: metrics.queue.depth,
    ingest: {
      receivedTelemetry: metrics.received.telemetry ?? 0,
      samplesSkipped: metrics.samplesSkipped,
      failedBatches: metrics.failedBatches,
    },
    sizes,
  };
}

/**
 * What the server received of the batteries' telemetry and events, and what it has handled of it: stored, found a
 * duplicate, or (telemetry) not kept as a sample.
 */
async function ingestProgress() {
  const metrics = await serverMetrics();
  if (!metrics) return undefined;
  const { received, stored, duplicates, samplesSkipped } = metrics;
  return {
    received: { telemetry: received.telemetry ?? 0, events: received.event ?? 0 },
    handled: {
      telemetry: (stored.batterySample ?? 0) + (duplicates.batterySample ?? 0) + samplesSkipped,
      events: (stored.event ?? 0) + (duplicates.event ?? 0),
    },
  };
}

/** The server received everything the broker acknowledged and handled everything it received. */
function handledAll(progress: Awaited<ReturnType<typeof ingestProgress>>): boolean {
  if (!progress) return false;
  const { received, handled } = progress;
  return (
    received.telemetry >= published.telemetry &&
    received.events >= published.events &&
    handled.telemetry >= received.telemetry &&
    handled.events >= received.events
  );
}

/** Operator n works at site n mod sites; battery k (from 1) sits at site (k − 1) mod sites (soak-server.ts). */
function siteOf(operator: number): number {
  return info.siteIds[operator % info.siteIds.length] as number;
}

function serialsOf(operator: number): string[] {
  const sites = info.siteIds.length;
  const first = (operator % sites) + 1;
  return Array.from(
    { length: Math.ceil((batteries - first + 1) / sites) },
    (_, n) => `${prefix}${String(first + n * sites).padStart(6, '0')}`,
  );
}

function tallyOf(stream: StreamTally) {
  return { status: stream.status, events: stream.events, bytes: stream.bytes, endedEarly: stream.endedEarly };
}

/** Asks a soak server (by default the ingesting one) over IPC and waits for the answer that carries `key`. */
function ask<T>(request: object, key: string, server = ingesting.child): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      server.off('message', listener);
      resolve(message[key] as T);
    };
    server.on('message', listener);
    server.send(request);
  });
}

/**
 * A soak server process (soak-server.ts) with the run's settings and `env`; resolves with the ports and sites it
 * prints first. After them its output is its log (warnings and errors), shown with `label`, so that a reconnect
 * or a failed batch is seen.
 */
async function startServer(label: string, env: Record<string, string>) {
  // SOAK_SERVER_NODE_ARGS: extra Node flags for the servers, e.g. `--heapsnapshot-near-heap-limit=1`.
  const serverNodeArgs = (process.env.SOAK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    benchServerArgs(path.join(import.meta.dirname, 'soak-server.ts'), serverNodeArgs),
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: {
        ...process.env,
        SOAK_DATABASE_URL: databaseUrl,
        SOAK_MQTT_URL: mqttUrl,
        SOAK_SHARE_GROUP: shareGroup,
        SOAK_PREFIX: prefix,
        SOAK_BATTERIES: String(batteries),
        SOAK_SITES: String(siteCount),
        SOAK_OPERATORS: String(operators),
        SOAK_RESOLUTION_SECONDS: resolutionSeconds,
        SOAK_HISTORY_DAYS: String(setting('SOAK_HISTORY_DAYS', 30, 7)),
        ...env,
      },
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, 'line')) as [string];
  lines.on('line', (logLine) => console.error(`  ${label}: ${logLine}`));
  return { label, child, info: JSON.parse(line) as ServerInfo };
}
