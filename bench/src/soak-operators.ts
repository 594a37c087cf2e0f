/**
 * Where an operator works: the site, a battery of it chosen per request, a demo battery of the site with
 * history (for exports and reports over closed days), and the alert rule they edit.
 */
export interface OperatorContext {
  siteId: number;
  serial: string;
  historySerial: string;
  alertId: number;
}

/** One kind of request a browsing operator makes; `path` is the route as the OpenAPI document names it. */
export interface OperatorRequest {
  name: string;
  path: string;
  method: 'GET' | 'POST' | 'PUT';
  url(context: OperatorContext): string;
  body?(context: OperatorContext): unknown;
}

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const now = () => new Date().toISOString();
/** The start of a UTC day `days` before today's, in seconds: reports over whole days read the roll-ups. */
const utcDayStart = (days: number) => String((Math.floor(Date.now() / 86_400_000) - days) * 86_400);
const EVENT_PAGE = 20;

/** The type of every soak battery (soak-server.ts). */
export const SOAK_BATTERY_TYPE = 'L48-620';

/** The alert rule an operator keeps editing (inactive, so that the edits cost what an edit costs and mail no one). */
export const alertRule = (siteId: number, name: string) => ({
  operatingSiteId: siteId,
  name,
  active: false,
  alertOnError: true,
  groupId: ['all'],
  batteryTypes: [SOAK_BATTERY_TYPE],
  emails: ['soak@example.com'],
});

const REPORT_SETTINGS = {
  vehicleId: 'Soak',
  userName: 'Soak',
  chargerName: 'Soak',
  language: 'en_US',
  timezone: 'UTC',
  currency: 'EUR',
  pricePerKwh: '0.30',
};

/** What operators do in the soak: live view, events (also deep pages), statistics, export, report, alerts, monitoring. */
export const OPERATOR_REQUESTS: OperatorRequest[] = [
  {
    name: 'GET live view (first 200)',
    path: '/api/v2/battery/BatteryLiveView',
    method: 'GET',
    url: ({ siteId }) => `/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}&limit=200`,
  },
  {
    name: 'GET live view, one battery',
    path: '/api/v2/battery/BatteryLiveView/{serial}',
    method: 'GET',
    url: ({ siteId, serial }) => `/api/v2/battery/BatteryLiveView/${serial}?operatingSiteId=${siteId}`,
  },
  {
    name: 'GET live view connectivity',
    path: '/api/v2/battery/BatteryLiveView/connectivity',
    method: 'GET',
    url: ({ siteId }) => `/api/v2/battery/BatteryLiveView/connectivity?operatingSiteId=${siteId}`,
  },
  {
    name: 'GET fleet health',
    path: '/api/v2/fleet-health',
    method: 'GET',
    url: () => '/api/v2/fleet-health',
  },
  {
    name: 'POST events (last 24 h, page 1)',
    path: '/api/v2/battery/Events',
    method: 'POST',
    url: () => '/api/v2/battery/Events',
    body: ({ siteId }) => ({ from: ago(1), to: now(), operatingSiteIds: [siteId], max: EVENT_PAGE }),
  },
  {
    name: 'POST events (last 7 days, page 100, no token)',
    path: '/api/v2/battery/Events',
    method: 'POST',
    url: () => '/api/v2/battery/Events',
    body: ({ siteId }) => ({
      from: ago(7),
      to: now(),
      operatingSiteIds: [siteId],
      max: EVENT_PAGE,
      offset: 99 * EVENT_PAGE,
    }),
  },
  {
    name: 'GET statistics (energy, 7 days)',
    path: '/api/v2/Statistics',
    method: 'GET',
    url: ({ siteId }) =>
      `/api/v2/Statistics?operatingSiteId=${siteId}&type=totalenergy&groupBy=organization&granularity=day&from=${encodeURIComponent(ago(7))}&to=${encodeURIComponent(now())}`,
  },
  {
    name: 'GET export (one battery, daily, 7 days)',
    path: '/api/v2/Statistics/export',
    method: 'GET',
    url: ({ siteId, historySerial }) =>
      `/api/v2/Statistics/export?operatingSiteId=${siteId}&serials=${historySerial}&resolution=daily&from=${encodeURIComponent(ago(7))}&to=${encodeURIComponent(now())}`,
  },
  {
    name: 'GET PDF report (one battery, last 7 whole days)',
    path: '/api/v2/battery/Report/{serial}/pdf',
    method: 'GET',
    url: ({ siteId, historySerial }) =>
      `/api/v2/battery/Report/${historySerial}/pdf?${new URLSearchParams({ ...REPORT_SETTINGS, operatingSiteId: String(siteId), timestampMin: utcDayStart(7), timestampMax: utcDayStart(0) })}`,
  },
  {
    name: 'PUT alert rule (edit)',
    path: '/api/v2/Alert/{id}',
    method: 'PUT',
    url: ({ alertId }) => `/api/v2/Alert/${alertId}`,
    body: ({ siteId }) => alertRule(siteId, `Soak rule ${new Date().toISOString()}`),
  },
  {
    name: 'GET alarms (open)',
    path: '/api/v2/Alarm',
    method: 'GET',
    url: ({ siteId }) => `/api/v2/Alarm?operatingSiteId=${siteId}`,
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
  alertId: number;
  historySerial: string;
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
      const body = await response.arrayBuffer();
      if (response.ok) log.add(performance.now() - began);
      else {
        log.errors++;
        log.lastError = `HTTP ${response.status} ${Buffer.from(body).toString('utf8', 0, 160)}`;
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
    const context = { siteId: options.siteId, serial, historySerial: options.historySerial, alertId: options.alertId };
    const body = request.body?.(context);
    await timed(request.name, `${options.base}${request.url(context)}`, {
      method: request.method,
      headers: { cookie: options.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, options.thinkMs));
  }
}
