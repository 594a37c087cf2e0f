import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type Gateway, pacedTelemetry } from './gateway';
import { benchServerArgs } from './node-flags';
import { backendCpuBetween, backendCpuSnapshot, withApplicationName } from './postgres-backend-cpu';
import { serverCpuMicros } from './server-cpu';
import { setting } from './smoke';

/**
 * Threshold-evaluation benchmark (issue 23, decision 045): the same battery telemetry, paced at 10,000 msgs/s
 * (BENCH_THRESHOLD_RATE) over BENCH_THRESHOLD_BATTERIES batteries in sites of 1,000, through the real broker and
 * pipeline on PostgreSQL (BENCH_DATABASE_URL), every message a sample (SAMPLE_RESOLUTION_SECONDS=0: the rules see
 * every message, the worst case) — once without threshold rules, once with a SoC and a cell-temperature rule per
 * site. Prints the CPU per acknowledged message of the server process and of its PostgreSQL connections in both
 * runs, and what the rules add. Goal: at most 15 %.
 */
const RATE = setting('BENCH_THRESHOLD_RATE', 10_000, 1_000);
const BATTERIES = setting('BENCH_THRESHOLD_BATTERIES', 10_000, 1_000);
const SECONDS = setting('BENCH_SECONDS', 20, 2);
const CONNECTIONS = 4;
/** Unacknowledged messages at most; a server behind the pace lowers the rate rather than queueing. */
const WINDOW = 4_000;
const GOAL = 0.15;

interface Measured {
  rate: number;
  serverMicros: number;
  postgresMicros: number;
}

export async function benchThresholdEvaluation() {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const without = await measure(url, false);
  const withRules = await measure(url, true);
  const sites = Math.ceil(BATTERIES / 1000);
  console.log(
    `Threshold evaluation on postgres: ${BATTERIES.toLocaleString('en')} batteries in sites of 1,000, every message a sample, paced at ${RATE.toLocaleString('en')} msgs/s, ${SECONDS} s each`,
  );
  const line = (name: string, run: Measured) =>
    console.log(
      `  ${name.padEnd(34)} ${run.rate.toFixed(0).padStart(6)} msgs/s   CPU per message: server ${run.serverMicros.toFixed(1)} µs, PostgreSQL ${run.postgresMicros.toFixed(1)} µs, together ${(run.serverMicros + run.postgresMicros).toFixed(1)} µs`,
    );
  line('without threshold rules', without);
  line(`with 2 rules per site (${sites * 2} rules)`, withRules);
  const added = (before: number, after: number) => after / before - 1;
  const total = added(without.serverMicros + without.postgresMicros, withRules.serverMicros + withRules.postgresMicros);
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
  console.log(
    `  the rules add per message          server ${percent(added(without.serverMicros, withRules.serverMicros))}, PostgreSQL ${percent(added(without.postgresMicros, withRules.postgresMicros))}, together ${percent(total)}: ${total <= GOAL ? 'within' : 'OVER'} ${GOAL * 100} %`,
  );
}

/** One run on a fresh server: warm up until every battery has two samples, then measure SECONDS. */
async function measure(baseUrl: string, rules: boolean): Promise<Measured> {
  const applicationName = `bench_threshold_${process.pid}_${rules ? 'rules' : 'none'}`;
  const server = spawn(process.execPath, benchServerArgs(new URL('./ingest-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: withApplicationName(baseUrl, applicationName),
      BENCH_BATTERIES: String(BATTERIES),
      BENCH_RESOLUTION_SECONDS: '0',
      BENCH_THRESHOLD_RULES: rules ? '1' : '',
    },
  });
  const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  const { mqttUrl, gateway } = JSON.parse(line) as { mqttUrl: string; gateway: Gateway };
  const load = await pacedTelemetry(mqttUrl, gateway, {
    batteries: BATTERIES,
    rate: RATE,
    connections: CONNECTIONS,
    window: WINDOW,
  });
  try {
    while (load.acked() < BATTERIES * 2) await delay(200);
    const before = {
      server: await serverCpuMicros(server),
      postgres: await backendCpuSnapshot(baseUrl, applicationName),
    };
    const ackedBefore = load.acked();
    const began = performance.now();
    await delay(SECONDS * 1000);
    const acked = load.acked() - ackedBefore;
    const rate = acked / ((performance.now() - began) / 1000);
    const serverMicros = ((await serverCpuMicros(server)) - before.server) / acked;
    const postgresAfter = await backendCpuSnapshot(baseUrl, applicationName);
    const postgresMicros = backendCpuBetween(before.postgres, postgresAfter) / acked;
    return { rate, serverMicros, postgresMicros };
  } finally {
    await load.stop();
    await stop(server);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stop(server: ChildProcess) {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
