import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { topicFor } from '@cbm/contracts/device-protocol';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { MqttClient } from 'mqtt';
import { connectGateway, type Gateway, telemetry } from './gateway';
import { benchServerArgs } from './node-flags';
import { postgresCpuMicros } from './postgres-cpu';
import { serverCpuMicros } from './server-cpu';
import { SMOKE, setting } from './smoke';

/**
 * Ingest benchmark: battery telemetry at QoS 1 through the embedded broker and the real pipeline, in
 * msgs/s, in two scenarios (SCENARIOS), with baselines measured in the same run: a raw COPY of as many
 * rows into a copy of the sample table (the issue's ratio), raw batched UPDATEs of as many batteries'
 * live state (the least any design keeping a live state per message must write), and the same broker
 * and pipeline storing nothing (transport-server.ts: the ceiling no storage can pass on this machine);
 * the server process's CPU per message in both (and a local PostgreSQL's); and the time from publish to the change arriving at
 * the live stream (p50, p99) under load and idle.
 * The batteries sit in operating sites of 1,000; the live stream watches the probe battery's site.
 * BENCH_SECONDS (default 30: long enough to include a checkpoint), BENCH_CONNECTIONS (20),
 * BENCH_SCENARIO (goal | every-sample: only that one), INGEST_* settings as the server reads them;
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), then PGlite
 * (BENCH_SKIP_PGLITE=1 skips it). Measuring starts once every battery has taken its second sample: a
 * battery's first samples create its cursor, day and hour rows, which later samples only update (new
 * rows come once an hour and a day per battery), so the figure is the sustained rate.
 */
const seconds = setting('BENCH_SECONDS', 30, 2);
const connections = setting('BENCH_CONNECTIONS', 20, 4);
const inFlightPerConnection = 500;
const probeEveryMs = 400;

interface Scenario {
  name: string;
  title: string;
  batteries: number;
  /** Device time between two telemetry messages of a battery. */
  intervalSeconds: number;
  resolutionSeconds: number;
}

const GOAL_BATTERIES = SMOKE ? 2_000 : 100_000;
const EVERY_SAMPLE_BATTERIES = SMOKE ? 1_000 : 20_000;

const SCENARIOS: Scenario[] = [
  {
    name: 'goal',
    title: `${GOAL_BATTERIES.toLocaleString('en')} batteries every 10 s, a sample per battery and minute (default resolution)`,
    batteries: GOAL_BATTERIES,
    intervalSeconds: 10,
    resolutionSeconds: 60,
  },
  {
    name: 'every-sample',
    title: `${EVERY_SAMPLE_BATTERIES.toLocaleString('en')} batteries, every message a sample (SAMPLE_RESOLUTION_SECONDS=0)`,
    batteries: EVERY_SAMPLE_BATTERIES,
    intervalSeconds: 1,
    resolutionSeconds: 0,
  },
];

export async function benchIngestThroughput() {
  const only = process.env.BENCH_SCENARIO;
  for (const scenario of SCENARIOS.filter((entry) => !only || entry.name === only)) {
    const ceiling = await transportCeiling(scenario);
    await run(scenario, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', ceiling);
    if (!process.env.BENCH_SKIP_PGLITE) await run(scenario, undefined, ceiling);
  }
}

/** A sustained rate, and the CPU the server process spent per acknowledged message meanwhile. */
interface Measured {
  rate: number;
  serverMicros: number;
  /** Every local `postgres` process's CPU per message (postgres-cpu.ts); undefined without /proc. */
  postgresMicros: number | undefined;
}

interface Summary {
  count: number;
  sum: number;
}

interface ServerInfo {
  mqttUrl: string;
  gateway: Gateway;
  appPort: number;
  siteId: number;
  database: string;
}

interface Baselines {
  copyRowsPerSecond: number;
  liveUpdateRowsPerSecond: number;
  ingest: { batchSize: Summary; commitSeconds: Summary };
}

async function run(scenario: Scenario, databaseUrl: string | undefined, ceiling: Measured) {
  const server = spawn(process.execPath, benchServerArgs(new URL('./ingest-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_BATTERIES: String(scenario.batteries),
      BENCH_RESOLUTION_SECONDS: String(scenario.resolutionSeconds),
    },
  });
  const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  const info = JSON.parse(line) as ServerInfo;
  const live = await liveStream(info);
  const probe = await prober(info.mqttUrl, info.gateway, live);

  const { rate, acked, serverMicros, postgresMicros } = await sustainedRate(
    info.mqttUrl,
    info.gateway,
    scenario,
    server,
    probe.start,
  );
  const postgresCpu =
    info.database === 'postgres' && postgresMicros !== undefined ? `, PostgreSQL ${postgresMicros.toFixed(0)} µs` : '';
  const underLoad = probe.stop();
  probe.start();
  await delay(3000);
  const idle = probe.stop();

  server.send({ baselineRows: Math.min(acked, 300_000) });
  const [result] = (await once(server, 'message')) as [Baselines];
  const batch = result.ingest.batchSize;
  const commit = result.ingest.commitSeconds;
  const ratio = (rowsPerSecond: number) => (rate / rowsPerSecond).toFixed(2);
  console.log(`Ingest benchmark on ${info.database}, ${scenario.title}: ${connections} connections, ${seconds} s`);
  console.log(
    `  ingest (QoS 1, acknowledged after commit)  ${rate.toFixed(0).padStart(7)} msgs/s   mean batch ${(batch.sum / batch.count).toFixed(0)}, stored in ${((commit.sum / commit.count) * 1000).toFixed(0)} ms`,
  );
  console.log(
    `  raw COPY into a copy of battery_sample     ${result.copyRowsPerSecond.toFixed(0).padStart(7)} rows/s   ratio ${ratio(result.copyRowsPerSecond)}`,
  );
  console.log(
    `  raw UPDATE of batteries' live state        ${result.liveUpdateRowsPerSecond.toFixed(0).padStart(7)} rows/s   ratio ${ratio(result.liveUpdateRowsPerSecond)}` +
      ` (its own ratio to COPY: ${(result.liveUpdateRowsPerSecond / result.copyRowsPerSecond).toFixed(2)})`,
  );
  console.log(
    `  the same MQTT + pipeline storing nothing  ${ceiling.rate.toFixed(0).padStart(7)} msgs/s   ratio ${ratio(ceiling.rate)}` +
      ` (its own ratio to COPY: ${(ceiling.rate / result.copyRowsPerSecond).toFixed(2)}: the most any storage could reach here)`,
  );
  console.log(
    `  CPU per acknowledged message               server ${serverMicros.toFixed(0)} µs${postgresCpu}; storing nothing: server ${ceiling.serverMicros.toFixed(0)} µs`,
  );
  console.log(
    `  publish → live stream, under load          p50 ${underLoad.p50} ms   p99 ${underLoad.p99} ms   (${underLoad.count} probes)`,
  );
  console.log(
    `  publish → live stream, idle                p50 ${idle.p50} ms   p99 ${idle.p99} ms   (${idle.count} probes)`,
  );

  await probe.close();
  live.close();
  await stop(server);
}

/** The scenario's load on the broker and pipeline alone (transport-server.ts): the ceiling of ingestion here. */
async function transportCeiling(scenario: Scenario): Promise<Measured> {
  const server = spawn(process.execPath, benchServerArgs(new URL('./transport-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  const { mqttUrl, gateway } = JSON.parse(line) as { mqttUrl: string; gateway: Gateway };
  const measured = await sustainedRate(mqttUrl, gateway, scenario, server);
  await stop(server);
  return measured;
}

/** Rounds until every battery has taken two samples (its first is taken at once). */
const warmUpRounds = ({ resolutionSeconds, intervalSeconds }: Scenario) =>
  1 + Math.max(1, Math.ceil(resolutionSeconds / intervalSeconds));

/**
 * Publishes the scenario's fleet at QoS 1 as fast as it is acknowledged; after the warm-up rounds,
 * measures BENCH_SECONDS (calling `onMeasuring` as that starts). Answers the rate and all acknowledged.
 */
async function sustainedRate(
  mqttUrl: string,
  gateway: Gateway,
  scenario: Scenario,
  server: ChildProcess,
  onMeasuring = () => {},
): Promise<Measured & { acked: number }> {
  const clients = await Promise.all(Array.from({ length: connections }, () => connectGateway(mqttUrl, gateway)));
  let acked = 0;
  let running = true;
  const perClient = Math.floor((scenario.batteries - 1) / connections);
  const fleet = { start: Date.now() - 3_600_000, intervalMs: scenario.intervalSeconds * 1000 };
  const loads = clients.map((client, index) =>
    load(
      client,
      { first: index * perClient + 2, count: perClient, ...fleet },
      () => running,
      () => acked++,
    ),
  );
  await delay(2000);
  while (acked < scenario.batteries * warmUpRounds(scenario)) await delay(200);
  onMeasuring();
  const cpuBefore = await serverCpuMicros(server);
  const postgresBefore = postgresCpuMicros();
  const ackedBefore = acked;
  const began = performance.now();
  await delay(seconds * 1000);
  const measuredAcks = acked - ackedBefore;
  const rate = measuredAcks / ((performance.now() - began) / 1000);
  const serverMicros = ((await serverCpuMicros(server)) - cpuBefore) / measuredAcks;
  const postgresAfter = postgresCpuMicros();
  const postgresMicros =
    postgresBefore === undefined || postgresAfter === undefined
      ? undefined
      : (postgresAfter - postgresBefore) / measuredAcks;
  running = false;
  await Promise.all(loads);
  for (const client of clients) await client.endAsync();
  return { rate, acked, serverMicros, postgresMicros };
}

/**
 * One connection's share of batteries, round-robin, `intervalMs` of device time apart per battery, each
 * battery at its own phase within the interval (as real devices are), with a window of unacknowledged messages.
 */
async function load(
  client: MqttClient,
  share: { first: number; count: number; start: number; intervalMs: number },
  running: () => boolean,
  onAck: () => void,
) {
  const { first, count, start, intervalMs } = share;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  for (let n = 0; running(); n++) {
    if (inFlight >= inFlightPerConnection) await new Promise<void>((resolve) => (wake = resolve));
    const battery = first + (n % count);
    const serial = `BENCH${String(battery).padStart(6, '0')}`;
    const ts = new Date(start + Math.floor(n / count) * intervalMs + ((battery * 7919) % intervalMs));
    inFlight++;
    client.publish(topicFor('battery', serial, 'telemetry'), telemetry(n, ts), { qos: 1 }, () => {
      inFlight--;
      onAck();
      wake?.();
      wake = undefined;
    });
  }
  while (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
}

/** Battery BENCH000001 is the probe: its telemetry carries the publish time, the live stream shows when it arrived. */
async function prober(mqttUrl: string, gateway: Gateway, live: LiveStream) {
  const client = await connectGateway(mqttUrl, gateway);
  let timer: NodeJS.Timeout | undefined;
  let latencies: number[] = [];
  const sent = new Map<string, number>();
  let seq = 0;
  live.onBattery = (serial, lastDataTimestamp) => {
    const publishedAt = serial === 'BENCH000001' ? sent.get(lastDataTimestamp) : undefined;
    if (publishedAt !== undefined) latencies.push(performance.now() - publishedAt);
  };
  return {
    start() {
      latencies = [];
      timer = setInterval(() => {
        const ts = new Date();
        sent.set(ts.toISOString(), performance.now());
        client.publish(topicFor('battery', 'BENCH000001', 'telemetry'), telemetry(++seq, ts), { qos: 1 });
      }, probeEveryMs);
    },
    stop() {
      clearInterval(timer);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(0) : '–';
      return { p50: at(0.5), p99: at(0.99), count: sorted.length };
    },
    close: () => client.endAsync(),
  };
}

interface LiveStream {
  onBattery: (serial: string, lastDataTimestamp: string) => void;
  close(): void;
}

async function liveStream(info: ServerInfo): Promise<LiveStream> {
  const base = `http://127.0.0.1:${info.appPort}`;
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const stream: LiveStream = { onBattery: () => {}, close: () => request.destroy() };
  const request = http.get(`${base}/api/v2/live/stream?operatingSiteId=${info.siteId}`, { headers: { cookie } });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.startsWith('event: battery') ? /^data: (.*)$/m.exec(block)?.[1] : undefined;
      if (!data) continue;
      const battery = JSON.parse(data) as { batterySerialNumber: string; lastDataTimestamp: string };
      stream.onBattery(battery.batterySerialNumber, battery.lastDataTimestamp);
    }
  });
  response.on('error', () => undefined);
  return stream;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stop(server: ChildProcess) {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
