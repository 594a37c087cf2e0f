import {
  type Attributes,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION } from '../version';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records spans when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT), else nothing. */
    tracer: Tracer;
  }
  interface FastifyRequest {
    span?: Span;
  }
}

/** A tracer that records nothing: what code gets while tracing is off. */
export const NO_TRACER: Tracer = trace.getTracer('cbm-off');

/**
 * Tracing, opt-in (decision 120): with an OTLP/HTTP endpoint, a span per HTTP request (named by method and route
 * template, with status and request id) goes to `{endpoint}/v1/traces` in batches; a caller's W3C `traceparent`
 * header makes it a child of the caller's span. app.tracer lets features add their own (ingest batches). Without
 * an endpoint, app.tracer records nothing and no hook is added.
 */
export const tracingPlugin = fp(async (app: FastifyInstance, options: { endpoint?: string; serviceName: string }) => {
  if (!options.endpoint) {
    app.decorate('tracer', NO_TRACER);
    return;
  }
  const { provider, propagator } = await exportingProvider(options.endpoint, options.serviceName);
  const tracer = provider.getTracer('cbm', APP_VERSION);
  app.decorate('tracer', tracer);
  app.decorateRequest('span', undefined);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const caller = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    request.span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'cbm.request_id': request.id },
      },
      caller,
    );
  });
  app.addHook('onResponse', async (request, reply) => {
    request.span?.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) request.span?.setStatus({ code: SpanStatusCode.ERROR });
    endSpan(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    request.span?.setStatus({ code: SpanStatusCode.ERROR, message: 'client closed the connection' });
    endSpan(request);
  });
  // Sends what is still buffered.
  app.addHook('onClose', async () => provider.shutdown());
});

function endSpan(request: FastifyRequest) {
  request.span?.end();
  request.span = undefined;
}

/**
 * The SDK and the W3C trace-context propagator, loaded only when tracing is on (they ask for Node 22.15; CBM itself
 * runs from 22.12).
 */
async function exportingProvider(endpoint: string, serviceName: string) {
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.version': APP_VERSION }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }) })],
  });
  return { provider, propagator: new W3CTraceContextPropagator() };
}

/** The OTLP/HTTP convention: the base endpoint's traces path. */
const tracesUrl = (endpoint: string) => new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href;

/** Runs `work` in a span named `name`; a failure marks the span and is thrown on. */
export async function inSpan<T>(tracer: Tracer, name: string, attributes: Attributes, work: () => Promise<T>) {
  const span = tracer.startSpan(name, { attributes });
  try {
    return await work();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
