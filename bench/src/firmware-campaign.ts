import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { topicFor } from '@cbm/contracts/device-protocol';
import type { CampaignProgress } from '@cbm/contracts/firmware-campaigns';
import type { SiteNode } from '@cbm/contracts/sites';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { MqttClient } from 'mqtt';
import { connectGateway, type Gateway, telemetry } from './gateway';
import { benchServerArgs } from './node-flags';
import { setting } from './smoke';

/**
 * Firmware campaign benchmark (decisions 038 and 046): the real app (ingest-server.ts) with BENCH_CAMPAIGN_BATTERIES
 * batteries (default 10,000) sending telemetry at QoS 1 at BENCH_INGEST_RATE messages/s in all (default 10,000: the
 * goal load of 100,000 batteries every 10 s; a paced load, not a flood above what the machine ingests). Measures, all
 * under that load: how long starting a campaign over every battery takes (goal: under 2 s), the rate its commands go
 * out at against CAMPAIGN_COMMANDS_PER_SECOND (default 50 here), and the ingest rate without and with the campaign
 * sending, in alternating windows of the same run (goal: the ratio at least 0.90). BENCH_SECONDS per measurement (20), BENCH_CONNECTIONS (8),
 * PostgreSQL at BENCH_DATABASE_URL.
 */
const batteries = setting('BENCH_CAMPAIGN_BATTERIES', 10_000, 500);
const seconds = setting('BENCH_SECONDS', 20, 2);
const connections = setting('BENCH_CONNECTIONS', 8, 2);
const commandsPerSecond = setting('CAMPAIGN_COMMANDS_PER_SECOND', 50, 20);
const offeredRate = setting('BENCH_INGEST_RATE', 10_000, 1000);
const IN_FLIGHT = 500;
/** Windows with and without the campaign sending, each. */
const ROUNDS = 2;
/** The publisher sleeps once it is this far ahead of its schedule. */
const PACE_MS = 10;

interface ServerInfo {
  mqttUrl: string;
  gateway: Gateway;
  appPort: number;
  database: string;
}

export async function benchFirmwareCampaign() {
  const server = spawn(process.execPath, benchServerArgs(new URL('./ingest-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      BENCH_BATTERIES: String(batteries),
      BENCH_RESOLUTION_SECONDS: '60',
      CAMPAIGN_COMMANDS_PER_SECOND: String(commandsPerSecond),
    },
  });
  const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  const info = JSON.parse(line) as ServerInfo;
  const http = await session(info.appPort);
  const fleet = await telemetryLoad(info);
  // Every battery has reported (a command needs a battery the channel knows) before anything is measured.
  while (fleet.acked() < batteries) await delay(200);
  const release = await http.upload('9.9.9', 'LFP 48V');
  const idle = [await ingestWindow(fleet.acked)];
  const began = performance.now();
  const campaign = await http.json<CampaignProgress>('POST', '/firmware/campaigns', {
    name: 'Bench campaign',
    releaseId: release.id,
    operatingSiteIds: await http.benchSites(),
    waves: [100],
    failureThresholdPercent: 100,
  });
  const startMs = performance.now() - began;
  const sent = async () => {
    const progress = await http.json<CampaignProgress>('GET', `/firmware/campaigns/${campaign.id}`);
    return { count: progress.total - (progress.perState.pending ?? 0), at: performance.now() };
  };
  const busy: Window[] = [];
  const commands = { count: 0, seconds: 0 };
  // Windows while the campaign sends alternate with windows without it (before it, then paused): the shared
  // machine's other work drifts, so the ratio compares neighbouring windows.
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) {
      await http.json('POST', `/firmware/campaigns/${campaign.id}/pause`, {});
      idle.push(await ingestWindow(fleet.acked));
      await http.json('POST', `/firmware/campaigns/${campaign.id}/resume`, {});
    }
    const before = await sent();
    busy.push(await ingestWindow(fleet.acked));
    const after = await sent();
    commands.count += after.count - before.count;
    commands.seconds += (after.at - before.at) / 1000;
  }
  await fleet.stop();
  const without = rate(idle);
  const withCampaign = rate(busy);
  const commandRate = commands.count / commands.seconds;

  console.log(
    `Firmware campaign benchmark on ${info.database}: ${batteries.toLocaleString('en')} batteries, ${seconds} s each, telemetry offered at ${offeredRate.toLocaleString('en')} msgs/s`,
  );
  console.log(
    `  start a campaign over all of them          ${startMs.toFixed(0).padStart(7)} ms       goal < 2000 ms (${campaign.total} batteries, under the load)`,
  );
  console.log(
    `  firmware commands sent                     ${commandRate.toFixed(1).padStart(7)} /s       configured ${commandsPerSecond} /s`,
  );
  console.log(`  ingest without a campaign                  ${without.toFixed(0).padStart(7)} msgs/s`);
  console.log(
    `  ingest while the campaign sends            ${withCampaign.toFixed(0).padStart(7)} msgs/s   ratio ${(withCampaign / without).toFixed(2)} (goal ≥ 0.90)`,
  );
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}

interface Window {
  messages: number;
  seconds: number;
}

/** Acknowledged telemetry over one window (BENCH_SECONDS / ROUNDS). */
async function ingestWindow(acked: () => number): Promise<Window> {
  const before = acked();
  const began = performance.now();
  await delay((seconds * 1000) / ROUNDS);
  return { messages: acked() - before, seconds: (performance.now() - began) / 1000 };
}

const rate = (windows: readonly Window[]) =>
  windows.reduce((sum, window) => sum + window.messages, 0) / windows.reduce((sum, window) => sum + window.seconds, 0);

/** Every battery's telemetry, round-robin over the gateway's connections, at BENCH_INGEST_RATE (offeredRate) in all. */
async function telemetryLoad(info: ServerInfo) {
  const clients = await Promise.all(
    Array.from({ length: connections }, () => connectGateway(info.mqttUrl, info.gateway)),
  );
  let acked = 0;
  let running = true;
  const start = Date.now() - 3_600_000;
  const loads = clients.map((client, index) =>
    publish(
      client,
      index,
      start,
      () => running,
      () => acked++,
    ),
  );
  return {
    acked: () => acked,
    async stop() {
      running = false;
      await Promise.all(loads);
      for (const client of clients) await client.endAsync();
    },
  };
}

/** One connection's share of the load: on schedule, a few milliseconds' worth at a time, at most IN_FLIGHT unacknowledged. */
async function publish(client: MqttClient, index: number, start: number, running: () => boolean, onAck: () => void) {
  const msPerMessage = (1000 * connections) / offeredRate;
  const began = performance.now();
  let inFlight = 0;
  let wake: (() => void) | undefined;
  for (let n = 0; running(); n++) {
    const ahead = began + n * msPerMessage - performance.now();
    if (ahead > PACE_MS) await delay(ahead);
    if (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
    const battery = ((n * connections + index) % batteries) + 1;
    const serial = `BENCH${String(battery).padStart(6, '0')}`;
    const ts = new Date(start + Math.floor((n * connections) / batteries) * 10_000);
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

/** The admin's session on the bench server: JSON calls, the release upload and the bench's sites. */
async function session(port: number) {
  const base = `http://127.0.0.1:${port}/api/v2`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const firstSite = async () => {
    const tree = (await (await fetch(`${base}/OperatingSites/info`, { headers: { cookie } })).json()) as SiteNode[];
    const sites: SiteNode[] = [];
    const visit = (nodes: SiteNode[]) => {
      for (const node of nodes) {
        if (node.type === 'operatingSite') sites.push(node);
        visit(node.children);
      }
    };
    visit(tree);
    return sites;
  };
  const sites = await firstSite();
  const siteId = (sites.find((site) => site.name.startsWith('Bench site')) as SiteNode).operatingSiteId;
  const checked = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    json: <T>(method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}?operatingSiteId=${siteId}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((response) => checked<T>(response)),
    upload(version: string, batteryTypes: string) {
      const form = new FormData();
      form.append('version', version);
      form.append('batteryTypes', batteryTypes);
      form.append('firmwareFile', new Blob([`bench firmware ${version}`]), `bms-${version}.bin`);
      const request = { method: 'POST', headers: { cookie }, body: form };
      return fetch(`${base}/firmware/releases?operatingSiteId=${siteId}`, request).then((response) =>
        checked<{ id: number }>(response),
      );
    },
    benchSites: async () =>
      sites.filter((site) => site.name.startsWith('Bench site')).map((site) => site.operatingSiteId),
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
