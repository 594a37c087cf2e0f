import { connect, type Socket } from 'node:net';
import { AUDIT_PAGE_MAX } from '@cbm/contracts/audit';
import { LIVE_VIEW_MAX_ITEMS } from '@cbm/contracts/constants';
import { EVENT_MAX_RANGE_DAYS, EVENT_OFFSET_MAX, EVENT_PAGE_MAX } from '@cbm/contracts/events';
import { STATISTICS_MAX_RANGE_DAYS } from '@cbm/contracts/statistics';
import { type Attack, count, delay } from './attack';
import { type Session, signIn } from './session';

const DAY_MS = 86_400_000;
const HEAVY_LOOPS = 2;
const SHAPE_LOOPS = 4;
const SLOW_BYTE_EVERY_MS = 4_000;

/** Answers by status, e.g. "12× 200, 3× 503". */
function statusTally() {
  const statuses = new Map<string, number>();
  return {
    add: (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
    toString: () =>
      [...statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, n]) => `${count(n)}× ${status}`)
        .join(', ') || 'no answers',
  };
}

/** `loops` callers, each sending the next of `requests` as soon as its last one answered, until `endAt`. */
async function loops(
  session: Session,
  loopCount: number,
  endAt: number,
  requests: ((n: number) => RequestInit & { path: string })[],
) {
  const statuses = statusTally();
  let slowest = 0;
  await Promise.all(
    Array.from({ length: loopCount }, async (_, loop) => {
      for (let n = loop; performance.now() < endAt; n++) {
        const { path, ...init } = (requests[n % requests.length] as (n: number) => RequestInit & { path: string })(n);
        const began = performance.now();
        try {
          const response = await fetch(`${session.base}${path}`, {
            ...init,
            headers: { cookie: session.cookie, 'content-type': 'application/json' },
          });
          await response.arrayBuffer();
          statuses.add(String(response.status));
        } catch {
          statuses.add('error');
        }
        slowest = Math.max(slowest, performance.now() - began);
      }
    }),
  );
  return `${statuses}, slowest ${(slowest / 1000).toFixed(1)} s`;
}

/** The widest range the API takes, ending now. */
const widest = (days: number) => ({
  from: new Date(Date.now() - days * DAY_MS + 60_000).toISOString(),
  to: new Date().toISOString(),
});

const eventQuery = (session: Session, extra: Record<string, unknown> = {}) => ({
  path: '/api/v2/battery/Events',
  method: 'POST',
  body: JSON.stringify({ ...widest(EVENT_MAX_RANGE_DAYS), operatingSiteIds: session.siteIds.slice(0, 100), ...extra }),
});

/** One user (the admin, in a session of its own) asking for the heaviest Events query again and again. */
export const heavyEvents: Attack = async ({ base }, endAt) => {
  const admin = await signIn(base, 'admin');
  return { summary: `${HEAVY_LOOPS} loops: ${await loops(admin, HEAVY_LOOPS, endAt, [() => eventQuery(admin)])}` };
};

/** Four loops over the widest ranges and pages the API calls take. */
export const expensiveShapes: Attack = async ({ base, benchSiteId }, endAt) => {
  const admin = await signIn(base, 'admin');
  const site = admin.siteIds[0] as number;
  const get = (path: string) => () => ({ path, method: 'GET' });
  const statistics = new URLSearchParams({
    operatingSiteId: String(benchSiteId),
    type: 'startsoc',
    groupBy: 'organization',
    granularity: 'day',
    ...widest(STATISTICS_MAX_RANGE_DAYS),
  });
  const requests = [
    () => eventQuery(admin, { offset: EVENT_OFFSET_MAX, max: EVENT_PAGE_MAX, orderByDescending: false }),
    get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${benchSiteId}&limit=${LIVE_VIEW_MAX_ITEMS}`),
    get(
      `/api/v2/battery/BatteryLiveView?operatingSiteId=${benchSiteId}&limit=${LIVE_VIEW_MAX_ITEMS}&offset=1000000000`,
    ),
    get(`/api/v2/audit?operatingSiteId=${site}&limit=${AUDIT_PAGE_MAX}&offset=1000000000`),
    get(`/api/v2/Statistics?${statistics}`),
    get('/api/v2/Alarm?state=all'),
  ];
  return { summary: `${SHAPE_LOOPS} loops: ${await loops(admin, SHAPE_LOOPS, endAt, requests)}` };
};

/**
 * `connections` unauthenticated connections to POST /api/v2/auth/login, each sending its body one byte every 4 s;
 * one the server closes is opened again a quarter of a second later.
 */
export const slowBodies =
  (connections: number): Attack =>
  async ({ base }, endAt) => {
    const { hostname, port } = new URL(base);
    const statuses = statusTally();
    let opened = 0;
    const sockets = new Set<Socket>();
    const open = () => {
      if (performance.now() >= endAt) return;
      opened++;
      const socket = connect(Number(port), hostname);
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.write(
        `POST /api/v2/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      const dribble = setInterval(() => socket.write(' '), SLOW_BYTE_EVERY_MS);
      socket.once('data', (chunk: Buffer) =>
        statuses.add(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1] ?? '?'),
      );
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearInterval(dribble);
        sockets.delete(socket);
        setTimeout(open, 250);
      });
    };
    for (let n = 0; n < connections; n++) open();
    await delay(Math.max(0, endAt - performance.now()));
    const stillOpen = sockets.size;
    for (const socket of sockets) socket.destroy();
    await delay(300);
    return {
      summary: `${count(opened)} opened (${connections} at once), ${count(stillOpen)} still open at the end; answers: ${statuses}`,
    };
  };
