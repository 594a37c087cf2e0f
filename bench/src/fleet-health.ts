import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { benchServerArgs } from './node-flags';

/**
 * Fleet-health benchmark (issue 23, decision 039): the figures and the needs-attention list of a site of 99,999
 * batteries (BENCH_LIVE_VIEW_BATTERIES) over HTTP, against a raw count of the site's batteries in SQL in the same
 * run. The goal is 200 ms on PostgreSQL (BENCH_DATABASE_URL; the raw count needs it).
 */
const ROUNDS = 15;
const GOAL_MS = 200;

/** The median time of the task, after one round to warm up. */
async function median(task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)] as number;
}

const getter = (cookie: string) => (url: string) => async () => {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await response.text();
};

/** SELECT count(*) of the site's batteries in the bench server's schema, or null without PostgreSQL. */
async function rawCount(serverPid: number | undefined, siteId: number): Promise<number | null> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return null;
  const db = await openPostgresDatabase({ connectionString: url, schema: `bench_${serverPid}`, max: 1 });
  try {
    return await median(() => db.query('SELECT count(*) FROM battery WHERE operating_site_id = $1', [siteId]));
  } finally {
    await db.close();
  }
}

export async function benchFleetHealth() {
  const server = spawn(process.execPath, benchServerArgs(new URL('./live-view-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  const { port, big, bigCount, database } = JSON.parse(line) as {
    port: number;
    big: number;
    bigCount: number;
    database: string;
  };
  const base = `http://127.0.0.1:${port}/api/v2`;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const get = getter(cookie);
    const figures = {
      'figures, one site': await median(get(`${base}/fleet-health?operatingSiteId=${big}`)),
      'figures, all sites': await median(get(`${base}/fleet-health`)),
      'needs attention, all sites': await median(get(`${base}/fleet-health/attention`)),
    };
    const count = await rawCount(server.pid, big);
    console.log(
      `Fleet health on ${database}: ${bigCount.toLocaleString('en')} batteries at one site, median of ${ROUNDS}`,
    );
    if (count !== null) console.log(`${'raw count (SQL)'.padEnd(30)} ${count.toFixed(1).padStart(8)} ms`);
    for (const [name, ms] of Object.entries(figures)) {
      const ratio = count === null ? '' : `  ${(ms / count).toFixed(1)}× the raw count`;
      const verdict = ms <= GOAL_MS ? 'within' : 'OVER';
      console.log(`${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms${ratio}, ${verdict} ${GOAL_MS} ms`);
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}
