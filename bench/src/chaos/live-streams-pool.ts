import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import pg from 'pg';
import { setting } from '../smoke';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { CHAOS_DATABASE_URL, type ChaosSchema, chaosSchema, signIn, startChaosServer } from './chaos-server';

interface Stream {
  status: number;
  ended: boolean;
  close(): void;
}

function openStream(url: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { cookie }, agent: false }, (response) => {
      const stream: Stream = { status: response.statusCode ?? 0, ended: false, close: () => request.destroy() };
      response.on('data', () => undefined);
      response.on('close', () => (stream.ended = true));
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** Holds user_session locked from outside past the pool's 5-s connection time-out: every session check times out. */
async function poolTimeOut(schema: ChaosSchema, seconds: number): Promise<void> {
  const client = new pg.Client({ connectionString: CHAOS_DATABASE_URL, options: `-c search_path=${schema.name}` });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE user_session IN ACCESS EXCLUSIVE MODE');
    await delay(seconds * 1000);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * Live streams through database pool time-outs (decision 075): CHAOS_STREAMS streams (1,000) of one valid session,
 * re-checked every 5 s, while an outside client holds the sessions' table locked three times for 12 s. None may
 * be cut; a sign-out afterwards must end them all.
 */
export const liveStreamsPool: ChaosScenario = {
  name: 'live-streams-pool',
  smoke: false,
  window: { twice: 0, decision: '075' },
  async run(smoke): Promise<ChaosRow> {
    const count = setting('CHAOS_STREAMS', 1000, 100);
    const schema = await chaosSchema('streams');
    const server = await startChaosServer(schema, {
      LIVE_STREAMS_PER_USER: 1000,
      LIVE_STREAMS_TOTAL: 5000,
      LIVE_STREAM_RECHECK_SECONDS: 5,
    });
    const streams: Stream[] = [];
    try {
      const cookie = await signIn(server.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const [site] = await schema.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
      const url = `${server.url}/api/v2/live/stream?operatingSiteId=${site?.id}`;
      while (streams.length < count) {
        const batch = Math.min(50, count - streams.length);
        streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(url, cookie)))));
      }
      const opened = streams.filter((stream) => stream.status === 200);
      for (let round = 0; round < (smoke ? 1 : 3); round++) {
        await poolTimeOut(schema, 12);
        await delay(3000);
      }
      const cut = opened.filter((stream) => stream.ended).length;
      const metrics = await fetch(`${server.url}/api/v2/metrics`, { headers: { cookie } });
      const failures = serverMetricsSchema.parse(await metrics.json()).live.recheckFailures;
      const signedOut = performance.now();
      await fetch(`${server.url}/api/v2/auth/logout`, { method: 'POST', headers: { cookie } });
      while (opened.some((stream) => !stream.ended) && performance.now() - signedOut < 10_000) await delay(50);
      return {
        fault: `${count} live streams through database pool time-outs`,
        sent: count,
        acknowledged: opened.length,
        stored: opened.length - cut,
        lost: cut,
        twice: 0,
        recoverySeconds: null,
        note: `${failures} failed session checks counted; sign-out ended ${opened.filter((s) => s.ended).length} streams in ${((performance.now() - signedOut) / 1000).toFixed(1)} s`,
      };
    } finally {
      for (const stream of streams) stream.close();
      await server.stop();
      await schema.drop();
    }
  },
};
