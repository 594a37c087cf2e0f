import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expectMetrics, expectReportPdf } from './external-checks';
import { type ExternalServices, externalServices } from './external-services';
import { expectStatus } from './release-http';
import { CLI_ENTRY, RELEASE_FOLDER, releaseVersion, START_COMMAND, tarballPath } from './release-layout';

/**
 * `npm run check:release` (after `npm run package`): the tarball unpacked into an empty temporary folder, far
 * from the checkout's node_modules; a user added with the release's CLI; the server started on the embedded
 * defaults (PGlite, embedded broker) on free ports with environment variables alone; then /healthz, /readyz, a
 * sign-in and the web app; then SIGTERM, which must end it with 0. With --external on PostgreSQL and Mosquitto
 * instead, device messages must be stored (external-services.ts), the user gets the battery's PDF report and
 * Prometheus scrapes /metrics with METRICS_TOKEN, 401 without it (external-checks.ts). Any failure exits 1 with
 * what went wrong and the end of the server's output.
 */
const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 20_000;
const USER = { email: 'release-check@example.com', password: 'release check passphrase' };

const started = Date.now();
const laps: string[] = [];
const lap = (what: string) => laps.push(`${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
const tarball = tarballPath(releaseVersion());
const workDir = mkdtempSync(path.join(os.tmpdir(), 'cbm-release-'));
const output: string[] = [];
let server: ChildProcess | undefined;
let external: ExternalServices | undefined;
try {
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run npm run package first`);
  execFileSync('tar', ['--extract', '--gzip', '--file', tarball, '--directory', workDir]);
  lap('unpacked');
  const home = path.join(workDir, RELEASE_FOLDER);
  if (process.argv.includes('--external')) external = externalServices();
  const env = { ...(await embeddedEnvironment(workDir)), ...external?.env };
  const cli = (args: string[]) => step(`CLI: ${args.slice(0, 2).join(' ')}`, () => runCli(home, env, args));
  cli(['user', 'add', '--email', USER.email, '--password', USER.password]);
  external?.addBattery(cli, USER.email);
  lap(external ? 'user and battery added' : 'user added');
  server = startServer(home, env);
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitUntilReady(base, server);
  lap('ready');
  await expectStatus(`${base}/healthz`, 200);
  const cookie = await signIn(base);
  await expectWebApp(base, cookie);
  lap('signed in, web app served');
  if (external) {
    const samples = await external.sendAndFindSamples(READY_WITHIN_MS);
    lap('device messages stored');
    await expectReportPdf(base, cookie, samples);
    lap('PDF report served');
    await expectMetrics(base, external.env.METRICS_TOKEN ?? '');
    lap('metrics scraped');
  }
  await stopServer(server);
  lap('stopped with 0');
  console.log(`Release ${path.basename(tarball)} checked: ${laps.join(', ')}`);
} catch (error) {
  console.error(`Release check failed: ${error instanceof Error ? error.message : error}`);
  if (output.length > 0) console.error(`The server's last output:\n${output.join('').slice(-4000)}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
  external?.drop();
}

/** Only what the release needs: nothing of the checkout's environment (DATABASE_URL, TEST_*, NODE_OPTIONS…). */
async function embeddedEnvironment(dir: string): Promise<Record<string, string>> {
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function step(name: string, action: () => void) {
  try {
    action();
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}\n${stderr}`);
  }
}

function runCli(home: string, env: Record<string, string>, args: string[]) {
  execFileSync(process.execPath, [CLI_ENTRY, ...args], { cwd: home, env, stdio: ['ignore', 'ignore', 'pipe'] });
}

function startServer(home: string, env: Record<string, string>): ChildProcess {
  const [, ...args] = START_COMMAND;
  const child = spawn(process.execPath, args, { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}

async function waitUntilReady(base: string, child: ChildProcess) {
  const deadline = Date.now() + READY_WITHIN_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/readyz not 200 within ${READY_WITHIN_MS / 1000} s (last: ${last})`);
}

/** The session cookie of USER's sign-in, after /api/v2/authenticated confirmed it. */
async function signIn(base: string): Promise<string> {
  const response = await expectStatus(`${base}/api/v2/auth/login`, 204, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER.email, password: USER.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const answer = (await (await expectStatus(`${base}/api/v2/authenticated`, 200, { headers: { cookie } })).json()) as {
    authenticated?: boolean;
  };
  if (answer?.authenticated !== true)
    throw new Error(`signed in, but /api/v2/authenticated says ${JSON.stringify(answer)}`);
  return cookie;
}

/** The sign-in page, the app page for a signed-in user and the script it loads. */
async function expectWebApp(base: string, cookie: string) {
  await expectStatus(`${base}/signin`, 200);
  const page = await (await expectStatus(`${base}/`, 200, { headers: { cookie } })).text();
  const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  if (!page.includes('<div id="root">') || !script) throw new Error('/ did not answer with the web app page');
  const response = await expectStatus(`${base}${script}`, 200);
  if (!response.headers.get('content-type')?.includes('javascript')) {
    throw new Error(`${script} came as ${response.headers.get('content-type')}, not as a script`);
  }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_WITHIN_MS).unref());
  const code = await Promise.race([exited, timeout]);
  if (code === 'timeout') throw new Error(`the server did not exit within ${STOP_WITHIN_MS / 1000} s of SIGTERM`);
  if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM, expected 0`);
}
