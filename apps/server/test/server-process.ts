import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** Node's arguments in `npm run serve` (the build, as production starts it). */
const SERVE_ARGS = (
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  }
).scripts.serve
  .split(' ')
  .slice(1);

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * The first of `count` consecutive loopback ports free now, for a cluster script that numbers its ports from a base;
 * below Linux's ephemeral range (32768+) and far from the standard ports.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let port = base; port < base + count && free; port++) free = await canListen(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports between 20000 and 32000`);
}

export interface ServerProcess {
  process: ChildProcess;
  /** The HTTP address the server printed. */
  url: string;
}

/**
 * The real server as its own process, from src/main.ts through tsx or, `built`, as `npm run serve` starts the build
 * (dist/, `npm run build -w @cbm/server`; a third of the start-up time); resolves once devices can connect.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, built = false): Promise<ServerProcess> {
  const server = spawn(process.execPath, built ? SERVE_ARGS : ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
  const exited = once(server, 'exit').then(([code]) => {
    throw new Error(`server exited with ${code} before it was ready`);
  });
  const ready = (async () => {
    let url = '';
    for await (const line of lines) {
      url = /running at (\S+)/.exec(line)?.[1] ?? url;
      if (line.startsWith('Devices connect to')) return url;
    }
    return await exited;
  })();
  const url = await Promise.race([ready, exited]);
  return { process: server, url };
}

export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = once(server.process, 'exit');
  server.process.kill(signal);
  await exited;
}
