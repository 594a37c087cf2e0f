import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import pg from 'pg';
import { messageLedger, storedCounts } from '../../apps/server/test/message-ledger';
import { browse, type LatencyLog, OPERATOR_REQUESTS } from './soak-operators';
import { printSoakReport, type Sample, type SoakFigures } from './soak-report';

/**
 * `npm run soak`: the server on PostgreSQL ingesting from the Mosquitto at SOAK_MQTT_URL while the
 * fleet simulator sends SOAK_BATTERIES batteries every SOAK_INTERVAL_SECONDS and SOAK_OPERATORS
 * operators browse through the API, for SOAK_MINUTES. Counts what was published (a subscriber at
 * the broker) against what was stored, and prints API latencies, event-loop delay, memory and disk
 * growth, each against baselines of the same run. Exits 1 when a message was lost or stored twice.
 */
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const batteries = Number(process.env.SOAK_BATTERIES ?? 10_000);
const intervalSeconds = Number(process.env.SOAK_INTERVAL_SECONDS ?? 10);
const operators = Number(process.env.SOAK_OPERATORS ?? 5);
const databaseUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mqttUrl = process.env.SOAK_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const prefix = `SOAK${process.pid}X`;
const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE_EVERY_MS = 30_000;

interface ServerInfo {
  appPort: number;
  baselinePort: number;
  siteId: number;
  schema: string;
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'soak-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  env: {
    ...process.env,
    SOAK_DATABASE_URL: databaseUrl,
    SOAK_MQTT_URL: mqttUrl,
    SOAK_PREFIX: prefix,
    SOAK_BATTERIES: String(batteries),
  },
});
const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
const info = JSON.parse(line) as ServerInfo;
const base = `http://127.0.0.1:${info.appPort}`;
const cookie = await signIn(base);
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
  `Soak: ${batteries} batteries every ${intervalSeconds} s through ${mqttUrl}, ${operators} operators, ${minutes} min, PostgreSQL schema ${info.schema}`,
);
const ledger = await messageLedger(mqttUrl, prefix);
const simulator = startSimulator();
const samples: Sample[] = [];
const sample = async () => {
  const taken = await takeSample();
  if (taken) samples.push(taken);
};
await sample();
const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);

const logs = new Map<string, LatencyLog>();
let running = true;
const serials = Array.from({ length: batteries }, (_, index) => `${prefix}${String(index + 1).padStart(6, '0')}`);
const browsing = Array.from({ length: operators }, () =>
  browse(
    {
      base,
      cookie,
      siteId: info.siteId,
      serials,
      requests,
      baselineUrl: `http://127.0.0.1:${info.baselinePort}/hello`,
      thinkMs: 1000,
      running: () => running,
    },
    logs,
  ),
);
const loadStarted = performance.now();
await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
running = false;
await Promise.all(browsing);
simulator.child.kill('SIGTERM');
const simulated = await simulator.summary;
const loadSeconds = (performance.now() - loadStarted) / 1000;
clearInterval(sampler);

// Everything published is acknowledged by the broker; the server may still be storing the tail.
const published = ledger.counts();
await ledger.close();
let counts = await stored();
for (
  let quiet = 0, last = -1;
  quiet < 60 && (counts.samples < published.telemetry || counts.events < published.events);
  quiet++
) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  counts = await stored();
  if (counts.samples + counts.events !== last) quiet = 0;
  last = counts.samples + counts.events;
}
await sample();
const copyRowsPerSecond = await ask<number>(
  { copyRows: Math.min(Math.max(counts.samples, 10_000), 300_000) },
  'copyRowsPerSecond',
);

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
};
const ok = printSoakReport(figures);
await db.end();
const exited = once(server, 'exit');
server.kill('SIGTERM');
await exited;
process.exit(ok ? 0 : 1);

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
  return login.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** The server's figures now; undefined (and a note) when it did not answer them, e.g. while overloaded. */
async function takeSample(): Promise<Sample | undefined> {
  const parsed = serverMetricsSchema.safeParse(
    await retried(() => fetch(`${base}/api/v2/metrics`, { headers: { cookie } })),
  );
  if (!parsed.success) {
    console.log('  note: /api/v2/metrics did not answer its figures; sample skipped');
    return undefined;
  }
  const metrics = parsed.data;
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

/** The simulator CLI in its own process; its rate lines are echoed, its final count is the summary. */
function startSimulator(): { child: ChildProcess; summary: Promise<{ sent: number; acked: number }> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'apps/simulator/src/cli.ts'),
      ...['--batteries', String(batteries), '--interval', `${intervalSeconds}s`, '--broker', mqttUrl],
      ...['--site-prefix', prefix, '--connections', '4', '--stats-every', '60s'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const summary = (async () => {
    for await (const text of lines) {
      console.log(`  simulator: ${text}`);
      const match = /(\d+) sent, (\d+) acknowledged/.exec(text);
      if (match) return { sent: Number(match[1]), acked: Number(match[2]) };
    }
    return { sent: Number.NaN, acked: Number.NaN };
  })();
  return { child, summary };
}

/** A kept-alive connection the busy server closed is not a failure of the server: try again. */
async function retried(request: () => Promise<Response>): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (await request()).json();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Asks the soak server for something over IPC and waits for the answer that carries `key`. */
function ask<T>(request: object, key: string): Promise<T> {
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
