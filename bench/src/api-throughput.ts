import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import autocannon from 'autocannon';
import { benchServerArgs } from './node-flags';
import { setting } from './smoke';

/**
 * API benchmark: requests per second and latency of CBM's routes, each with its ratio to a bare
 * Fastify hello-world measured in the same run on the same machine.
 * BENCH_SECONDS (default 5) per route; BENCH_DATABASE_URL runs the app on PostgreSQL.
 */
const seconds = setting('BENCH_SECONDS', 5, 1);
const connections = 10;

export async function benchApiThroughput() {
  const server = spawn(process.execPath, benchServerArgs(new URL('./bench-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  const { baselinePort, appPort, database } = JSON.parse(line) as {
    baselinePort: number;
    appPort: number;
    database: string;
  };

  const appUrl = `http://127.0.0.1:${appPort}`;
  const login = await fetch(`${appUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const sites = (await (
    await fetch(`${appUrl}/api/v2/OperatingSites/access?featureName=cbm_liveview`, { headers: { cookie } })
  ).json()) as number[];

  async function measure(url: string) {
    const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
    if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} responses were not 2xx`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  }

  console.log(`API benchmark on ${database}, ${connections} connections, ${seconds} s per route`);
  const baseline = await measure(`http://127.0.0.1:${baselinePort}/hello`);
  const row = (name: string, r: typeof baseline) =>
    console.log(
      `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ${(r.rps / baseline.rps).toFixed(2)}× baseline`,
    );
  row('baseline: bare Fastify GET /hello', baseline);
  for (const path of [
    '/api/v2/authenticated',
    '/api/v2/user',
    `/api/v2/rules?operatingSiteId=${sites[0]}`,
    '/api/v2/OperatingSites/info',
    '/api/v2/OperatingSites/access?featureName=cbm_liveview',
  ]) {
    row(`GET ${path}`, await measure(`${appUrl}${path}`));
  }
  server.kill('SIGTERM');
  await once(server, 'exit');
}
