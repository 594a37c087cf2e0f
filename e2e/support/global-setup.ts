import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_ENV } from './server-env';

const SERVER_DEMO_MAIN = path.resolve(import.meta.dirname, '../../apps/server/dist/demo-main.js');
const SERVER_CLI = path.resolve(import.meta.dirname, '../../apps/server/dist/cli.js');
const run = promisify(execFile);
const READY_LINE = /CBM is running at http:\/\/[^:/\s]+:(\d+)/;
// The demo seeds 90 days of history first: about a minute alone, several on a machine busy with other work.
const START_TIMEOUT_MS = 600_000;

/** Starts the built server with demo data on a free port and a fresh data directory. */
export default async function globalSetup() {
  if (!existsSync(SERVER_DEMO_MAIN)) throw new Error(`${SERVER_DEMO_MAIN} is missing: run \`npm run build\` first`);
  const tempDir = await mkdtemp(path.join(tmpdir(), 'cbm-e2e-'));
  const logFile = path.join(tempDir, 'server.log');
  const { DATABASE_URL, PUBLIC_URL, OIDC_ISSUER, ...inherited } = process.env;
  const dataDir = path.join(tempDir, 'data');
  // Tests publish as devices through a gateway registered before the server opens the database.
  const gateway = await run(process.execPath, [SERVER_CLI, 'devices', 'gateway', '--serial', 'e2e'], {
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  process.env[SERVER_ENV.gatewaySecret] = /^secret (\S+)/m.exec(gateway.stdout)?.[1] ?? '';
  const server = spawn(process.execPath, [SERVER_DEMO_MAIN], {
    env: {
      ...inherited,
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test signs in through the real page; the per-account limit would stop the suite, and the
      // lockouts after failed sign-ins (the sign-in tests fail some on purpose) would lock 127.0.0.1.
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      LOGIN_ACCOUNT_FAILURES: '10000',
      LOGIN_ADDRESS_FAILURES: '10000',
      // The silence rules checked every second rather than every 30: their alarms show within seconds.
      ALARM_SILENCE_CHECK_SECONDS: '1',
      // Batteries without data are marked silent every second rather than every minute (decision 110).
      BATTERY_SILENCE_CHECK_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  process.env[SERVER_ENV.tempDir] = tempDir;
  process.env[SERVER_ENV.pid] = String(server.pid);
  try {
    const port = await waitForReadyLine(server);
    process.env[SERVER_ENV.baseUrl] = `http://127.0.0.1:${port}`;
  } catch (error) {
    server.kill('SIGKILL');
    const output = await readFile(logFile, 'utf8').catch(() => '');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
}

function waitForReadyLine(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`The server did not report "running at" within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const port = READY_LINE.exec(seen)?.[1];
      if (port) done(() => resolve(port));
    };
    const onExit = (code: number | null) => fail(new Error(`The server exited with code ${code} before it was ready`));
    const fail = (error: Error) => done(() => reject(error));
    const done = (settle: () => void) => {
      clearTimeout(timer);
      server.stdout?.off('data', onData);
      server.off('exit', onExit);
      settle();
    };
    server.stdout?.on('data', onData);
    server.once('exit', onExit);
  });
}
