import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { openPgliteDatabase } from './pglite-database';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

async function serverEnv(dataDir: string) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: String(await freePort()),
    LOG_LEVEL: 'error',
    DEMO: 'false',
  };
}

/** Starts a server expected to refuse: its exit code and what it printed. */
async function refusedStart(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, output };
}

describe('one server per DATA_DIR', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const tempDataDir = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-lock-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    return dataDir;
  };
  const started = (server: ServerProcess) => {
    cleanup.push(() => stopServerProcess(server, 'SIGTERM'));
    return server;
  };

  it('a second server on a DATA_DIR in use refuses with a message and leaves the database alone', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await tempDataDir();
    const first = started(await startServerProcess(await serverEnv(dataDir)));

    const second = await refusedStart(await serverEnv(dataDir));
    expect(second.code).toBe(1);
    expect(second.output).toContain(`DATA_DIR ${dataDir} is in use by process ${first.process.pid}`);
    expect(second.output).toContain('The database was not opened.');

    expect((await fetch(`${first.url.replace('localhost', '127.0.0.1')}/api/v2/authenticated`)).status).toBe(200);
    await stopServerProcess(first, 'SIGTERM');
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
    const [migrations] = await db.query<{ applied: number }>('SELECT count(*)::int AS applied FROM schema_migration');
    await db.close();
    expect(migrations?.applied).toBeGreaterThan(0);
  });

  it('a DATA_DIR whose server was killed (SIGKILL) starts again', { timeout: 120_000 }, async () => {
    const dataDir = await tempDataDir();
    const killed = await startServerProcess(await serverEnv(dataDir));
    await stopServerProcess(killed, 'SIGKILL');

    const again = started(await startServerProcess(await serverEnv(dataDir)));
    expect(again.process.exitCode).toBeNull();
  });
});
