import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import {
  batteryInfoSchema,
  batteryTelemetrySchema,
  chargerTelemetrySchema,
  commandReplySchema,
  deviceEventSchema,
  mdloadTelemetrySchema,
  parseTopic,
  statusPayloadSchema,
} from '@cbm/contracts/device-protocol';
import { Aedes } from 'aedes';
import { connectAsync } from 'mqtt';
import type { z } from 'zod';

/** The Mosquitto of TEST_MQTT_URL when set (CI), otherwise an in-test aedes broker on a free port. */
export async function testBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const external = process.env.TEST_MQTT_URL;
  if (external) return { url: external, close: async () => {} };
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}

export interface Received {
  topic: string;
  deviceClass: string;
  serial: string;
  channel: string;
  payload: Record<string, unknown>;
  retain: boolean;
}

const schemaFor = (deviceClass: string, channel: string): z.ZodType | undefined => {
  if (channel === 'telemetry') {
    return deviceClass === 'battery'
      ? batteryTelemetrySchema
      : deviceClass === 'charger'
        ? chargerTelemetrySchema
        : mdloadTelemetrySchema;
  }
  if (channel === 'info') return deviceClass === 'battery' ? batteryInfoSchema : undefined;
  return { event: deviceEventSchema, status: statusPayloadSchema, 'cmd/reply': commandReplySchema }[channel];
};

/**
 * A platform-side client: records every device message, checks it against the contracts schemas,
 * sends commands and waits for messages by condition (no sleeping).
 */
export async function observer(url: string, serials: string[]) {
  const client = await connectAsync(url, { clientId: `cbm-sim-test-${process.pid}-${Date.now()}`, clean: true });
  const received: Received[] = [];
  const invalid: string[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, buffer, packet) => {
    const parsed = parseTopic(topic);
    if (parsed?.channel === 'cmd') return;
    const payload = JSON.parse(buffer.toString('utf8')) as Record<string, unknown>;
    const schema = parsed && schemaFor(parsed.deviceClass, parsed.channel);
    const check = schema?.safeParse(payload);
    if (!parsed || !check?.success) invalid.push(`${topic}: ${buffer.toString('utf8')} ${check?.error?.message ?? ''}`);
    if (parsed) received.push({ topic, ...parsed, payload, retain: packet.retain });
    for (const wake of waiters) wake();
  });
  await client.subscribeAsync(
    serials.flatMap((serial) =>
      ['battery', 'charger', 'mdload'].map((deviceClass) => `cbm/v1/${deviceClass}/${serial}/+`),
    ),
    { qos: 1 },
  );
  await client.subscribeAsync(
    serials.map((serial) => `cbm/v1/+/${serial}/cmd/reply`),
    { qos: 1 },
  );
  return {
    received,
    invalid,
    of: (serial: string, channel: string) =>
      received.filter((message) => message.serial === serial && message.channel === channel),
    async send(deviceClass: string, serial: string, command: Record<string, unknown>) {
      await client.publishAsync(`cbm/v1/${deviceClass}/${serial}/cmd`, JSON.stringify(command), { qos: 1 });
    },
    /** Resolves with the first message matching; fails after timeoutMs. */
    waitFor(match: (message: Received) => boolean, what: string, timeoutMs = 10_000): Promise<Received> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => client.endAsync(),
  };
}

/**
 * Leaves a shared broker as it was: removes the retained status and info of the test's devices and
 * their persistent sessions (reconnecting with clean: true ends a session).
 */
export async function forgetDevices(url: string, devices: { topicPrefix: string }[], clientIds: string[]) {
  for (const clientId of clientIds) {
    const session = await connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
    await session.endAsync();
  }
  const client = await connectAsync(url, { clean: true, reconnectPeriod: 0 });
  const topics = devices.flatMap(({ topicPrefix }) => [`${topicPrefix}/status`, `${topicPrefix}/info`]);
  await Promise.all(topics.map((topic) => client.publishAsync(topic, '', { qos: 1, retain: true })));
  await client.endAsync();
}

/** Serves a firmware image and takes datalog uploads. */
export async function fileServer(image: Buffer) {
  const uploads: { path: string; contentType: string | undefined; body: Buffer }[] = [];
  const server = createHttpServer(async (request: IncomingMessage, response) => {
    if (request.method === 'GET' && request.url?.startsWith('/firmware')) return response.end(image);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    uploads.push({
      path: request.url ?? '',
      contentType: request.headers['content-type'],
      body: Buffer.concat(chunks),
    });
    response.statusCode = 204;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
