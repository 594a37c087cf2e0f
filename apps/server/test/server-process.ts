import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  process: ChildProcess;
  /** The HTTP address the server printed. */
  url: string;
}

/** The real server (src/main.ts through tsx) as its own process; resolves once devices can connect. */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
    return url;
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
