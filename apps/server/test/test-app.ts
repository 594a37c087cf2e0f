import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, type Env, loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPgliteDatabase, wrapPglite } from '../src/db/pglite-database';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { DEMO_SEED } from '../src/demo/demo-fleet';
import { type SeedDemoOptions, seedDemo } from '../src/demo/seed-demo';

export type DatabaseKind = Database['kind'];

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per database kind. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  describe.each(DATABASE_KINDS)(`${name} [%s]`, suite);
}

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

const DEFAULT_MIGRATIONS_DIR = loadConfig({}).migrationsDir;
let migratedTemplate: Promise<Blob> | undefined;

/**
 * The data folder of a migrated PGlite, made once per test process: starting from it skips PGlite's initdb
 * and the migrations, which were most of each test file's setup (API test files share their process).
 */
function migratedDataDir(): Promise<Blob> {
  migratedTemplate ??= (async () => {
    const pglite = await PGlite.create();
    await migrate(wrapPglite(pglite), DEFAULT_MIGRATIONS_DIR);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  })();
  return migratedTemplate;
}

/**
 * A fresh, migrated database: in-memory PGlite, or its own schema on the test PostgreSQL. `migrationsDir`
 * lets a migration's test start from the schema before it.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    if (migrationsDir === DEFAULT_MIGRATIONS_DIR) {
      const db = wrapPglite(await PGlite.create({ loadDataDir: await migratedDataDir() }));
      return { db, drop: () => db.close() };
    }
    const db = await openPgliteDatabase();
    await migrate(db, migrationsDir);
    return { db, drop: () => db.close() };
  }
  const connectionString = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const db = await openPostgresDatabase({ connectionString, schema, max: 4 });
  await migrate(db, migrationsDir);
  return {
    db,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Signs in a demo user and returns the session cookie to send with requests. */
  signIn(email: string): Promise<string>;
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The reference time the test data set is seeded at. */
export const TEST_SEED_TIME = new Date('2026-11-21T10:00:00Z');

/**
 * The real app on a real, migrated database seeded with the demo data set (without history unless `seed`
 * asks for it). `paths` points the app at another web build (webDir), so tests do not depend on whether
 * apps/web/dist exists; `brokerSessionsDir` keeps the embedded broker's sessions on disk, as the server does.
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Partial<Env> = {},
  { brokerSessionsDir, ...paths }: Partial<Pick<Config, 'webDir'>> & { brokerSessionsDir?: string } = {},
  seed: SeedDemoOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  await seedDemo(database.db, TEST_SEED_TIME, DEMO_SEED, seed);
  return testAppOn(database, env, { brokerSessionsDir, ...paths });
}

/** The real app, configured for tests, on a database that holds data already; closing it drops the database. */
export async function testAppOn(
  database: TestDatabase,
  env: Partial<Env> = {},
  { brokerSessionsDir, ...paths }: Partial<Pick<Config, 'webDir'>> & { brokerSessionsDir?: string } = {},
): Promise<TestApp> {
  const config = {
    ...loadConfig(
      {},
      {
        LOG_LEVEL: 'silent',
        LOGIN_ATTEMPTS_PER_MINUTE: 1000,
        LOGIN_ACCOUNT_FAILURES: 1000,
        LOGIN_ADDRESS_FAILURES: 1000,
        LOGIN_FAILURES_PER_MINUTE: 10_000,
        // Every injected request comes from one address; the tests of the cap set their own (connection-limits).
        HTTP_PUBLIC_REQUESTS_PER_ADDRESS: 10_000,
        MQTT_PORT: 0,
        BATTERY_SILENCE_CHECK_SECONDS: 0,
        ...env,
      },
    ),
    ...paths,
  };
  const app = await buildApp({ config, db: database.db, brokerSessionsDir });
  const request: TestApp['request'] = ({ cookie, ...options }) =>
    app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
  return {
    app,
    db: database.db,
    request,
    async signIn(email) {
      const response = await request({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      const session = response.cookies.find((cookie) => cookie.name === 'cbm_session');
      if (response.statusCode !== 204 || !session) throw new Error(`sign-in of ${email} failed: ${response.body}`);
      return `cbm_session=${session.value}`;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
