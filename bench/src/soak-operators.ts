/** One kind of request a browsing operator makes; `path` is the route as the OpenAPI document names it. */
export interface OperatorRequest {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  url(siteId: number, serial: string): string;
  body?(siteId: number): unknown;
}

const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();
const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString();
const now = () => new Date().toISOString();

/** What operators do in the soak: live view (list, one battery, connectivity), events, statistics, monitoring. */
export const OPERATOR_REQUESTS: OperatorRequest[] = [
  {
    name: 'GET live view (first 200)',
    path: '/api/v2/battery/BatteryLiveView',
    method: 'GET',
    url: (site) => `/api/v2/battery/BatteryLiveView?operatingSiteId=${site}&limit=200`,
  },
  {
    name: 'GET live view, one battery',
    path: '/api/v2/battery/BatteryLiveView/{serial}',
    method: 'GET',
    url: (site, serial) => `/api/v2/battery/BatteryLiveView/${serial}?operatingSiteId=${site}`,
  },
  {
    name: 'GET live view connectivity',
    path: '/api/v2/battery/BatteryLiveView/connectivity',
    method: 'GET',
    url: (site) => `/api/v2/battery/BatteryLiveView/connectivity?operatingSiteId=${site}`,
  },
  {
    name: 'POST events (last 24 h, 50)',
    path: '/api/v2/battery/Events',
    method: 'POST',
    url: () => '/api/v2/battery/Events',
    body: (site) => ({ from: dayAgo(), to: now(), operatingSiteIds: [site], max: 50 }),
  },
  {
    name: 'GET statistics (energy, 7 days)',
    path: '/api/v2/Statistics',
    method: 'GET',
    url: (site) =>
      `/api/v2/Statistics?operatingSiteId=${site}&type=totalenergy&groupBy=organization&granularity=day&from=${encodeURIComponent(weekAgo())}&to=${encodeURIComponent(now())}`,
  },
  {
    name: 'GET metrics (monitoring)',
    path: '/api/v2/metrics',
    method: 'GET',
    url: () => '/api/v2/metrics',
  },
];

/** Latencies of one endpoint. */
export class LatencyLog {
  readonly ms: number[] = [];
  errors = 0;
  lastError = '';
  add(ms: number) {
    this.ms.push(ms);
  }
  percentile(q: number): number {
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : Number.NaN;
  }
}

export interface OperatorOptions {
  base: string;
  cookie: string;
  siteId: number;
  serials: readonly string[];
  requests: readonly OperatorRequest[];
  baselineUrl: string;
  thinkMs: number;
  running(): boolean;
}

/**
 * An operator clicking through the screens: each request in turn with a pause between, and the
 * hello-world baseline through the same client before each one, so both see the same load.
 */
export async function browse(options: OperatorOptions, logs: Map<string, LatencyLog>) {
  const timed = async (name: string, url: string, init: RequestInit) => {
    const log = logs.get(name) ?? new LatencyLog();
    logs.set(name, log);
    const began = performance.now();
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.ok) log.add(performance.now() - began);
      else {
        log.errors++;
        log.lastError = `HTTP ${response.status}`;
      }
    } catch (error) {
      log.errors++;
      log.lastError = String(error);
    }
  };
  for (let n = 0; options.running(); n++) {
    const request = options.requests[n % options.requests.length] as OperatorRequest;
    const serial = options.serials[Math.floor(Math.random() * options.serials.length)] as string;
    await timed('baseline: bare Fastify GET /hello', options.baselineUrl, {});
    const body = request.body?.(options.siteId);
    await timed(request.name, `${options.base}${request.url(options.siteId, serial)}`, {
      method: request.method,
      headers: { cookie: options.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, options.thinkMs));
  }
}
