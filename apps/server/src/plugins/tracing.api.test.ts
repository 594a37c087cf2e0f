import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

interface OtlpSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** An OTLP/HTTP collector that keeps what it is sent (JSON, as the exporter sends it). */
async function collector() {
  const received: OtlpExport[] = [];
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.url === '/otel/v1/traces') received.push(JSON.parse(body) as OtlpExport);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/otel`, received, server };
}

const value = (attributes: OtlpSpan['attributes'], key: string) => {
  const found = attributes.find((attribute) => attribute.key === key)?.value;
  return found?.stringValue ?? (found?.intValue === undefined ? undefined : Number(found.intValue));
};

const spansOf = (received: OtlpExport[]) =>
  received.flatMap((batch) => batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((s) => s.spans)));

// A caller's span, as a W3C traceparent header carries it: version, trace id, parent span id, flags (sampled).
const CALLER = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
const TRACEPARENT = `00-${CALLER.traceId}-${CALLER.spanId}-01`;

describeEachDatabase('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', (kind) => {
  let otel: Awaited<ReturnType<typeof collector>>;
  let t: TestApp;
  beforeAll(async () => {
    otel = await collector();
    t = await createTestApp(kind, { OTEL_EXPORTER_OTLP_ENDPOINT: otel.url, OTEL_SERVICE_NAME: 'cbm-test' });
  });
  afterAll(() => otel.server.close());

  it('sends a span per request, named by its route, with status and request id, when the app closes at the latest', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const sites = await t.request({ url: '/api/v2/OperatingSites/info', cookie: admin });
    const missing = await t.request({ url: '/api/v2/Alarm/999999/acknowledge', method: 'POST', cookie: admin });
    const followed = await t.request({ url: '/healthz', headers: { traceparent: TRACEPARENT } });
    await t.close();

    const spans = otel.received.flatMap((batch) => batch.resourceSpans);
    expect(value(spans[0]?.resource.attributes ?? [], 'service.name')).toBe('cbm-test');
    const summary = spansOf(otel.received).map((span) => ({
      name: span.name,
      status: value(span.attributes, 'http.response.status_code'),
      requestId: value(span.attributes, 'cbm.request_id'),
    }));
    expect(summary).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'POST /api/v2/auth/login', status: 204 }),
        { name: 'GET /api/v2/OperatingSites/info', status: 200, requestId: sites.headers['x-request-id'] },
        {
          name: 'POST /api/v2/Alarm/:id/acknowledge',
          status: missing.statusCode,
          requestId: missing.headers['x-request-id'],
        },
      ]),
    );
    // The caller's trace goes on: same trace id, the caller's span as parent; a request without the header starts one.
    const all = spansOf(otel.received);
    const child = all.find((span) => value(span.attributes, 'cbm.request_id') === followed.headers['x-request-id']);
    expect(child && { traceId: child.traceId, parentSpanId: child.parentSpanId }).toEqual({
      traceId: CALLER.traceId,
      parentSpanId: CALLER.spanId,
    });
    const own = all.find((span) => value(span.attributes, 'cbm.request_id') === sites.headers['x-request-id']);
    expect(own?.traceId).not.toBe(CALLER.traceId);
    expect(own?.parentSpanId ?? '').toBe('');
  });
});
