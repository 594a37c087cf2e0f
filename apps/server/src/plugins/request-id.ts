import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's X-Request-Id may look like to be taken over: short and without anything a log would mangle. */
const FORWARDED_ID = /^[\w.:-]{1,128}$/;

/**
 * The id Fastify binds to every log line of a request (`reqId`) and CBM answers in X-Request-Id: the reverse
 * proxy's X-Request-Id when it sends a plain one, so both logs name the request alike; else a new UUID.
 */
export function requestId(request: IncomingMessage): string {
  const forwarded = request.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}
