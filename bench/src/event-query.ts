import { EVENT_OFFSET_MAX, type EventPage, type EventQuery } from '@cbm/contracts/events';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { wrapPglite } from '../../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { compileEventQuery } from '../../apps/server/src/modules/events/event-query-sql';
import { type CopyTarget, generateEvents } from './event-query-data';
import { benchSchema, setting } from './smoke';

/**
 * Event query benchmark (issue 5): one site, a 30-day range and two attribute filters (EventType warning or
 * error, SOC 20–80) on 10 million events on PostgreSQL (BENCH_DATABASE_URL, default the local test database) and
 * 1 million on PGlite. p50/p95 of the whole API call (routing, session, validation, SQL, JSON) for the first
 * page and page 500, against the same statement run directly in the same run. Page 500 continues after page
 * 499 with its seek token, or is asked for by plain offset (a jump). A filtered jump is read from the hour that
 * holds its first row once the server knows the matching events of the hours before it (decision 055): "first"
 * is the call before it knew any, and the raw statement is the one without that knowledge. Page 1,000 follows
 * page 500, so it knows half of the way. The same without attribute filters, where
 * the hour counts answer any depth (issue 27): 30 days, and a year at the deepest offset allowed and ascending.
 * The PostgreSQL data stays in schema bench_event_query (generated once; BENCH_EVENTS_FRESH=1 to redo it).
 * BENCH_EVENTS_PG (10000000), BENCH_EVENTS_PGLITE (1000000), BENCH_ROUNDS (40); BENCH_SKIP_PGLITE=1 skips PGlite.
 */
const ROUNDS = setting('BENCH_ROUNDS', 40, 3);
const SCHEMA = benchSchema('bench_event_query');
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-21T00:00:00Z');

export async function benchEventQuery() {
  await run('postgres', setting('BENCH_EVENTS_PG', 10_000_000, 20_000));
  if (!process.env.BENCH_SKIP_PGLITE) await run('pglite', setting('BENCH_EVENTS_PGLITE', 1_000_000, 20_000));
}

async function open(
  kind: 'postgres' | 'pglite',
  total: number,
): Promise<{ db: Database; fresh: boolean; target: CopyTarget }> {
  const config = loadConfig({});
  if (kind === 'pglite') {
    const pglite = await PGlite.create();
    const db = wrapPglite(pglite);
    await migrate(db, config.migrationsDir);
    return { db, fresh: true, target: { kind, pglite } };
  }
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.BENCH_EVENTS_FRESH) {
    const drop = await openPostgresDatabase({ connectionString: url, max: 1 });
    await drop.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await drop.close();
  }
  const db = await openPostgresDatabase({ connectionString: url, schema: SCHEMA, max: 4 });
  await migrate(db, config.migrationsDir);
  const [stored] = await db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM device_event WHERE device_class = 'battery'",
  );
  return { db, fresh: stored?.count !== total, target: { kind, url, schema: SCHEMA } };
}

async function run(kind: 'postgres' | 'pglite', total: number) {
  const { db, fresh, target } = await open(kind, total);
  await seedDemo(db, new Date(NOW));
  if (fresh) {
    await db.query("DELETE FROM device_event WHERE device_class = 'battery'");
    await generateEvents(db, target, total, NOW);
  }
  const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: 0, INGEST: false, LOGIN_ATTEMPTS_PER_MINUTE: 1000 });
  const app = await buildApp({ config, db });
  const cookie = await signIn(app);
  const [site] = await db.query<{ id: number; events: number }>(
    `SELECT operating_site_id AS id, count(*)::int AS events FROM device_event
      WHERE device_class = 'battery' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  const input: EventQuery = {
    from: new Date(NOW - 30 * DAY_MS).toISOString(),
    to: new Date(NOW).toISOString(),
    max: 20,
    orderBy: 'Timestamp',
    offset: 0,
    orderByDescending: true,
    operatingSiteIds: [site?.id as number],
    filter: {
      attributeFilters: [
        { name: 'EventType', values: ['warning', 'error'] },
        { name: 'SOC', min: 20, max: 80 },
      ],
    },
  };
  const api = async (query: EventQuery) => {
    const { filter, ...rest } = query;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/battery/Events',
      headers: { cookie },
      payload: { ...rest, batteryEventFilter: filter },
    });
    if (response.statusCode !== 200) throw new Error(`event query failed: ${response.body}`);
    return response.json() as EventPage;
  };
  /** Page 500 continuing after page 499 with its seek token, as the web app asks for it. */
  const afterPage499 = async (query: EventQuery): Promise<EventQuery> => {
    const before = await api({ ...query, offset: 498 * 20 });
    return { ...query, offset: 499 * 20, seek: before.seek ?? undefined };
  };
  const raw = (query: EventQuery) => {
    const compiled = compileEventQuery('battery', query, 'en');
    return db.query(compiled.sql, compiled.params);
  };
  const matching = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM device_event WHERE device_class = 'battery' AND operating_site_id = $1
        AND ts >= $2 AND ts < $3 AND type IN ('warning', 'error') AND (attributes->>'SOC')::float8 BETWEEN 20 AND 80`,
    [site?.id, input.from, input.to],
  );
  console.log(
    `event-query [${db.kind}] ${(total / 1e6).toLocaleString('en')} M events; site ${site?.id}: ${site?.events.toLocaleString('en')}; ` +
      `30 days, EventType warning or error and SOC 20–80: ${matching[0]?.count.toLocaleString('en')} match; ${ROUNDS} rounds`,
  );
  if ((matching[0]?.count ?? 0) < 500 * 20) console.log('  (fewer than 10,000 events match: page 500 is empty)');
  const unfiltered = { ...input, filter: { attributeFilters: [] } };
  const year = { ...unfiltered, from: new Date(NOW - 365 * DAY_MS).toISOString() };
  const deepest = Math.min(EVENT_OFFSET_MAX, Math.max(0, (site?.events ?? 0) - 20));
  // The plain-offset jump comes first, so its first call finds nothing learnt of the filter yet.
  const cases: [string, () => Promise<EventQuery>][] = [
    ['filtered: page 500 (plain offset)', async () => ({ ...input, offset: 499 * 20 })],
    ['filtered: page 1', async () => input],
    ['filtered: page 500 (seek)', () => afterPage499(input)],
    ['filtered: page 1,000 (plain offset)', async () => ({ ...input, offset: 999 * 20 })],
    ['30 days: page 1', async () => unfiltered],
    ['30 days: page 500 (seek)', () => afterPage499(unfiltered)],
    ['30 days: page 500 (plain offset)', async () => ({ ...unfiltered, offset: 499 * 20 })],
    [`365 days: offset ${deepest.toLocaleString('en')}`, async () => ({ ...year, offset: deepest })],
    ['365 days, ascending: page 500', async () => ({ ...year, offset: 499 * 20, orderByDescending: false })],
  ];
  for (const [label, build] of cases) {
    const query = await build();
    const apiTimes = await measure(() => api(query));
    const rawTimes = await measure(() => raw(query));
    const a = percentiles(apiTimes.times);
    const r = percentiles(rawTimes.times);
    console.log(
      `  ${label.padEnd(36)} API first ${apiTimes.first.toFixed(1)} ms, p50 ${a.p50.toFixed(1)} ms, p95 ${a.p95.toFixed(1)} ms | ` +
        `raw SQL p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms | API/raw ${(a.p50 / r.p50).toFixed(2)}×`,
    );
  }
  await app.close();
  await db.close();
}

async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const session = response.cookies.find((cookie) => cookie.name === 'cbm_session');
  if (!session) throw new Error(`sign-in failed: ${response.body}`);
  return `cbm_session=${session.value}`;
}

/**
 * Milliseconds of the first call (before the server learnt anything of the query) and of each round after three
 * warm-up rounds.
 */
async function measure(work: () => Promise<unknown>): Promise<{ first: number; times: number[] }> {
  const began = performance.now();
  await work();
  const first = performance.now() - began;
  for (let i = 0; i < 2; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const began = performance.now();
    await work();
    times.push(performance.now() - began);
  }
  return { first, times };
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
  return { p50: at(0.5), p95: at(0.95) };
}
