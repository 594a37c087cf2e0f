import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ACKNOWLEDGED_LINE, type AcknowledgedCounts } from '../../apps/simulator/src/transport/acknowledged-ledger';
import { benchServerArgs, simulatorArgs } from './node-flags';
import { serverCpuMicros } from './server-cpu';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface FleetLoad {
  batteries: number;
  intervalSeconds: number;
  prefix: string;
}

export interface SimulatorSummary {
  sent: number;
  acked: number;
  /** With `--ledger`: what the broker acknowledged per battery, summed. */
  acknowledged?: AcknowledgedCounts;
}

/**
 * The fleet simulator's CLI in its own process against `broker`; its rate lines are echoed, and its final
 * lines (with `--ledger` the acknowledged counts, then "N sent, M acknowledged") are the summary.
 */
export function startSimulator(
  fleet: FleetLoad,
  broker: string,
  extra: string[] = [],
): { child: ChildProcess; summary: Promise<SimulatorSummary> } {
  const child = spawn(
    process.execPath,
    [
      ...simulatorArgs(path.join(ROOT, 'apps/simulator/src/cli.ts')),
      ...['--batteries', String(fleet.batteries), '--interval', `${fleet.intervalSeconds}s`, '--broker', broker],
      ...['--site-prefix', fleet.prefix, '--connections', '4', '--stats-every', '60s', ...extra],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const summary = (async (): Promise<SimulatorSummary> => {
    let acknowledged: AcknowledgedCounts | undefined;
    for await (const text of lines) {
      console.log(`  simulator: ${text}`);
      if (text.startsWith(ACKNOWLEDGED_LINE)) acknowledged = JSON.parse(text.slice(ACKNOWLEDGED_LINE.length));
      const match = /(\d+) sent, (\d+) acknowledged/.exec(text);
      if (match) return { sent: Number(match[1]), acked: Number(match[2]), ...(acknowledged && { acknowledged }) };
    }
    return { sent: Number.NaN, acked: Number.NaN };
  })();
  return { child, summary };
}

/**
 * The same fleet for `seconds` against the broker and ingest pipeline storing nothing (transport-server.ts),
 * in the same run: the server CPU per acknowledged message that no storage can go below on this machine.
 */
export async function transportCpuPerMessage(fleet: FleetLoad, seconds: number): Promise<number> {
  const server = spawn(process.execPath, benchServerArgs(path.join(import.meta.dirname, 'transport-server.ts')), {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = (await once(createInterface({ input: server.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  const { mqttUrl, gateway } = JSON.parse(line) as { mqttUrl: string; gateway: { username: string; password: string } };
  const before = await serverCpuMicros(server);
  // `--password=…`: a secret is base64url and one in 64 starts with "-", which `--password …` reads as an option.
  const simulator = startSimulator(fleet, mqttUrl, [
    ...['--duration', `${seconds}s`, '--username', gateway.username, `--password=${gateway.password}`],
  ]);
  const { acked } = await simulator.summary;
  const micros = ((await serverCpuMicros(server)) - before) / acked;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  return micros;
}
