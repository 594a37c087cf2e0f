/// <reference path="./aedes-persistence-level.d.ts" />
import { once } from 'node:events';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { Aedes } from 'aedes';
import levelPersistence from 'aedes-persistence-level';
import { Level } from 'level';
import type { DeviceTransport, MessageSink } from './device-transport';

/** Every version's device topics go to ingestion, which counts those of a version it does not speak. */
const DEVICE_TOPICS = 'cbm/';

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  /** Device messages go here; null when ingestion is off. */
  sink: MessageSink | null;
  /**
   * Folder for persistent sessions, their subscriptions and queued commands, retained messages and wills
   * (LevelDB), so that they outlive a restart; in memory when not given (decision 022).
   */
  sessionsDir?: string;
}

/**
 * The in-process MQTT broker (aedes). A device message is authorised, and so acknowledged to the
 * device (PUBACK), only once ingestion has committed it: anything not yet stored is sent again.
 */
export async function startEmbeddedBroker({
  port,
  host,
  sink,
  sessionsDir,
}: EmbeddedBrokerOptions): Promise<DeviceTransport> {
  const sessions = sessionsDir ? new Level(sessionsDir) : undefined;
  const broker = await Aedes.createBroker({
    persistence: sessions ? levelPersistence(sessions) : undefined,
    authorizePublish(client, packet, callback) {
      if (packet.topic.startsWith('$SYS/')) return callback(new Error('$SYS topics are reserved'));
      if (!packet.topic.startsWith(DEVICE_TOPICS) || !sink) return callback(null);
      // Commands come from the platform only (broker.publish does not pass through here).
      if (client && /\/cmd$/.test(packet.topic)) return callback(new Error('devices may not publish commands'));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      sink({ topic: packet.topic, payload, receivedAt: new Date() }).then(
        () => callback(null),
        (error: Error) => callback(error),
      );
    },
  });
  const server = createServer(broker.handle);
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as { port: number };
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const publish = promisify(broker.publish.bind(broker));
  const startedAt = new Date().toISOString();
  return {
    url: `mqtt://${reachable.includes(':') ? `[${reachable}]` : reachable}:${address.port}`,
    async publish(topic, payload) {
      await publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false });
    },
    status: () => ({
      kind: 'embedded',
      connected: true,
      subscribed: sink !== null,
      reconnects: 0,
      lastConnectedAt: startedAt,
    }),
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
      await sessions?.close();
    },
  };
}
