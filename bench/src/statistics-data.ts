import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { benchSchema } from './smoke';

/**
 * The data of the statistics and export benchmarks on PostgreSQL (BENCH_DATABASE_URL, default the local
 * test database), kept in schema bench_statistics (BENCH_STATISTICS_FRESH=1 regenerates it): `batteries`
 * bench batteries at Hamburg Hafen with a day row for each of the 365 days before 2026-11-21, in the
 * site's zone, as ingestion's roll-ups leave them.
 */
const SCHEMA = benchSchema('bench_statistics');
export const BENCH_YEAR = { first: '2025-11-21', last: '2026-11-20' };
export const BENCH_RANGE = 'from=2025-11-20T23:00:00Z&to=2026-11-20T23:00:00Z';

export interface BenchStatistics {
  db: Database;
  siteId: number;
  serials: string[];
  baseUrl: string;
  cookie: string;
  close(): Promise<void>;
}

export async function openBenchStatistics(batteries: number): Promise<BenchStatistics> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.BENCH_STATISTICS_FRESH) {
    const drop = await openPostgresDatabase({ connectionString: url, max: 1 });
    await drop.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await drop.close();
  }
  const db = await openPostgresDatabase({ connectionString: url, schema: SCHEMA, max: 4 });
  const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: 0, LOGIN_ATTEMPTS_PER_MINUTE: 1000 });
  await migrate(db, config.migrationsDir);
  await seedDemo(db, new Date('2026-11-21T00:00:00Z'));
  const [site] = await db.query<{ id: number }>("SELECT id FROM site_node WHERE name = 'Hamburg Hafen'");
  const siteId = site?.id as number;
  const serials = Array.from({ length: batteries }, (_, n) => `BENCH-${String(n + 1).padStart(5, '0')}`);
  const [stored] = await db.query<{ count: number }>(
    "SELECT count(DISTINCT battery_serial_number)::int AS count FROM battery_day WHERE battery_serial_number LIKE 'BENCH-%'",
  );
  if ((stored?.count ?? 0) < batteries) await generateDays(db, siteId, batteries);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    db,
    siteId,
    serials,
    baseUrl,
    cookie,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

async function generateDays(db: Database, siteId: number, batteries: number) {
  process.stdout.write(`  generating a year of day rows for ${batteries.toLocaleString('en')} batteries…\n`);
  await db.query("DELETE FROM battery_day WHERE battery_serial_number LIKE 'BENCH-%'");
  await db.query(
    `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
     SELECT 'BENCH-' || lpad(n::text, 5, '0'), $1, 'Bench ' || n, 'LI-48', 'Bench'
       FROM generate_series(1, $2) n ON CONFLICT (serial_number) DO NOTHING`,
    [siteId, batteries],
  );
  for (let first = 1; first <= batteries; first += 1000) {
    await db.query(
      `INSERT INTO battery_day (battery_serial_number, operating_site_id, day, timezone, energy_charged_kwh,
         energy_discharged_kwh, operating_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms, offline_ms,
         low_soc_ms, charge_sessions, min_soc, max_soc, soh)
       SELECT 'BENCH-' || lpad(n::text, 5, '0'), $1, d::date, 'Europe/Berlin',
         ((n * 37 + i * 11) % 5000) / 100.0, ((n * 31 + i * 7) % 4800) / 100.0,
         72000000 + (n * i) % 7200000, 18000000, 36000000, 18000000, 0, 0, 0, (n + i) % 3600000, 2, 12, 98, 94
       FROM generate_series($2::int, $3::int) n,
         generate_series($4::date, $5::date, interval '1 day') WITH ORDINALITY AS days(d, i)`,
      [siteId, first, Math.min(batteries, first + 999), BENCH_YEAR.first, BENCH_YEAR.last],
    );
    process.stdout.write(`\r  ${Math.min(batteries, first + 999).toLocaleString('en')} batteries`);
  }
  process.stdout.write('\n');
  await db.query('ANALYZE battery_day');
}

/** Milliseconds of each round after two warm-up rounds. */
export async function measure(rounds: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  return times.sort((a, b) => a - b);
}

export const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] as number;
