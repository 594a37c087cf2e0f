import { timingSafeEqual } from 'node:crypto';
import { apiPath } from '@cbm/contracts/endpoint';
import { devicesEndpoints } from '@cbm/contracts/endpoints/devices';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, routeNotFound } from '../../http-error';
import { type BrokerAccess, principalOf } from './broker-access';
import { swapSeparators } from './ingest-queue';

/** The user RabbitMQ's rabbitmq_auth_backend_http presents (HTTP Basic, in the auth_http.*_path URLs). */
const BROKER_USER = 'broker';
const userQuery = z.object({
  username: z.string(),
  password: z.string().default(''),
  client_id: z.string().optional(),
});
const resourceQuery = z.object({
  username: z.string(),
  resource: z.enum(['exchange', 'queue', 'topic']),
  name: z.string(),
  permission: z.enum(['configure', 'write', 'read']),
});
const topicQuery = resourceQuery.extend({ routing_key: z.string() });
const answer = z.enum(['allow', 'deny']);
const TAGS = ['devices'];

const brokerUnauthenticated = () => new HttpError(401, 'auth.unauthenticated', 'errors.brokerAuthUnauthenticated');

/** What a device's MQTT connection declares and reads: its own session queue, and amq.topic. */
function resourceAllowed(username: string, resource: string, name: string): boolean {
  if (resource === 'exchange') return name === 'amq.topic';
  return (
    resource === 'queue' &&
    (name.startsWith(`mqtt-subscription-${username}qos`) || name.startsWith(`mqtt-subscription-${username}:`))
  );
}

/**
 * rabbitmq_auth_backend_http's four questions, answered from CBM's device registry at connect time
 * (docs/decisions/090-rabbitmq-broker-tier.md): a revoked device is refused by every node at its next connect.
 * Only the broker may ask (BROKER_AUTH_PASSWORD); CBM's own workers are RabbitMQ internal users, asked first.
 */
export async function brokerAuthRoutes(
  app: FastifyInstance,
  options: { access: BrokerAccess | undefined; password: string | undefined },
) {
  const { access, password } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!password || !access) throw routeNotFound(request);
    const expected = Buffer.from(`Basic ${Buffer.from(`${BROKER_USER}:${password}`).toString('base64')}`);
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw brokerUnauthenticated();
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { public: true };
  const text = (allowed: boolean) => (allowed ? 'allow' : 'deny');

  routes.post(apiPath(devicesEndpoints.brokerAuthUser), {
    config,
    schema: {
      tags: TAGS,
      summary: 'For RabbitMQ: may this device connect?',
      body: userQuery,
      response: { 200: answer },
    },
    handler: async ({ body }) => {
      const secret = Buffer.from(body.password, 'utf8');
      const clientId = body.client_id ?? body.username;
      return text(
        await (access as BrokerAccess).authenticate(clientId, null, body.username, secret).then(
          () => true,
          () => false,
        ),
      );
    },
  });
  routes.post(apiPath(devicesEndpoints.brokerAuthVhost), {
    config,
    schema: {
      tags: TAGS,
      summary: 'For RabbitMQ: may this device use the virtual host?',
      body: z.object({ username: z.string(), vhost: z.string() }),
      response: { 200: answer },
    },
    handler: async ({ body }) => text(body.vhost === '/' && principalOf(body.username) !== undefined),
  });
  routes.post(apiPath(devicesEndpoints.brokerAuthResource), {
    config,
    schema: {
      tags: TAGS,
      summary: 'For RabbitMQ: may this device use this exchange or queue?',
      body: resourceQuery,
      response: { 200: answer },
    },
    handler: async ({ body }) => text(resourceAllowed(body.username, body.resource, body.name)),
  });
  routes.post(apiPath(devicesEndpoints.brokerAuthTopic), {
    config,
    schema: {
      tags: TAGS,
      summary: 'For RabbitMQ: may this device publish to or subscribe to this topic?',
      body: topicQuery,
      response: { 200: answer },
    },
    handler: async ({ body }) => {
      const principal = principalOf(body.username);
      if (!principal || body.name !== 'amq.topic') return text(false);
      const topic = swapSeparators(body.routing_key).replaceAll('*', '+');
      if (body.permission === 'write') return text(!(access as BrokerAccess).publishRefusal(principal, topic, false));
      return text((access as BrokerAccess).maySubscribe(principal, topic));
    },
  });
}
