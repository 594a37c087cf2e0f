import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../apps/server/src/config';
import type { Database } from '../../../apps/server/src/db/database';
import { migrate } from '../../../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../../apps/server/src/demo/seed-demo';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../../../apps/server/test/server-process';

/** The PostgreSQL the chaos suite works in (a schema per scenario and run, dropped afterwards). */
export const CHAOS_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ChaosSchema {
  name: string;
  /** The scenario's own connections, counting from outside the server. */
  db: Database;
  /** CHAOS_DATABASE_URL on this schema, for a server process. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh schema with the migrations and the demo (no history), in `databaseUrl` (may name several hosts). */
export async function chaosSchema(label: string, databaseUrl = CHAOS_DATABASE_URL): Promise<ChaosSchema> {
  const name = `chaos_${label}_${randomBytes(4).toString('hex')}`;
  const db = await openPostgresDatabase({ connectionString: databaseUrl, schema: name, max: 2 });
  await migrate(db, loadConfig({}).migrationsDir);
  await seedDemo(db);
  // Not through URL: a multi-host URL (decision 125) is none to WHATWG.
  const options = `options=${encodeURIComponent(`-c search_path=${name}`)}`;
  return {
    name,
    db,
    url: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}${options}`,
    async drop() {
      await db.query(`DROP SCHEMA ${name} CASCADE`);
      await db.close();
    },
  };
}

/** Server processes still running when the suite exits early (a row's deadline): never left behind. */
const running = new Set<ServerProcess>();
process.on('exit', () => {
  for (const server of running) server.process.kill('SIGKILL');
});

export interface ChaosServer {
  /** The HTTP address. */
  readonly url: string;
  /** The embedded broker's address (the same after a restart). */
  readonly mqttUrl: string;
  /** SIGKILL (then `killed` is called), then the same server (settings, broker port, data folder) started again. */
  crash(killed?: () => void): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server (apps/server/src/main.ts, or `built` as `npm run serve` starts it; sessions on disk in its data
 * folder) in a process of its own, so that SIGKILL is a real crash; on `schema`, with `settings` over the suite's
 * defaults.
 */
export async function startChaosServer(
  schema: ChaosSchema,
  settings: Record<string, string | number> = {},
  built = false,
): Promise<ChaosServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-chaos-'));
  const mqttPort = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: schema.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: String(mqttPort),
    LOG_LEVEL: 'error',
    DEMO: 'false',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])),
  };
  const start = async () => {
    const started = await startServerProcess(env, built);
    running.add(started);
    return started;
  };
  const stop = async (signal: NodeJS.Signals) => {
    await stopServerProcess(server, signal);
    running.delete(server);
  };
  let server = await start();
  return {
    get url() {
      return server.url;
    },
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    async crash(killed) {
      await stop('SIGKILL');
      killed?.();
      server = await start();
    },
    async stop(signal = 'SIGTERM') {
      await stop(signal);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in with the demo's password; answers the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}
