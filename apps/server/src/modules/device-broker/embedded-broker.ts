/// <reference path="./aedes-persistence-level.d.ts" />
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { promisify } from 'node:util';
import { MAX_PACKET_BYTES } from '@cbm/contracts/device-protocol';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import levelPersistence from 'aedes-persistence-level';
import { Level } from 'level';
import { type BrokerAccess, type Principal, Refusal } from './broker-access';
import type { DeviceLimits } from './device-limits';
import type { DeviceTransport, MessageSink } from './device-transport';
import { limitPacketSize } from './packet-size-guard';

/** MQTT 3.1.1 CONNACK "server unavailable": a device backing off after bad messages tries again later. */
const CONNACK_SERVER_UNAVAILABLE = 3;

/** Every version's device topics go to ingestion, which counts those of a version it does not speak. */
const DEVICE_TOPICS = 'cbm/';

export interface BrokerTls {
  port: number;
  certFile: string;
  keyFile: string;
  /** Client certificates must be signed by this CA (else any certificate whose fingerprint is registered). */
  caFile?: string;
}

export interface EmbeddedBrokerOptions {
  /** The plain listener's port; null for TLS only. */
  port: number | null;
  host: string;
  tls?: BrokerTls;
  /** Device messages go here; null when ingestion is off. */
  sink: MessageSink | null;
  /**
   * Folder for persistent sessions, their subscriptions and queued commands, retained messages and wills
   * (LevelDB), so that they outlive a restart; in memory when not given (decision 022).
   */
  sessionsDir?: string;
  access: BrokerRules;
  limits: DeviceLimits;
}

/** What the broker asks of its access rules (BrokerAccess; a test may pass its own). */
export type BrokerRules = Pick<
  BrokerAccess,
  'authenticate' | 'publishRefusal' | 'maySubscribe' | 'refused' | 'evict' | 'stillValid'
>;

export interface EmbeddedTransport extends DeviceTransport {
  /** The TLS listener's address (mqtts://), when there is one. */
  readonly tlsUrl: string | undefined;
  /** A username's credentials changed: its live connections are closed unless they still hold (revoked, rotated). */
  credentialsChanged(username: string): Promise<void>;
}

const reachable = (host: string) => {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return name.includes(':') ? `[${name}]` : name;
};

async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

/**
 * The in-process MQTT broker (aedes, MQTT 3.1.1). Every connection authenticates against the device registry and
 * reaches only its own topics (BrokerAccess). A device message is authorised, and so acknowledged to the device
 * (PUBACK), only once ingestion has committed it: anything not yet stored is sent again.
 */
export async function startEmbeddedBroker({
  port,
  host,
  tls,
  sink,
  access,
  sessionsDir,
  limits,
}: EmbeddedBrokerOptions): Promise<EmbeddedTransport> {
  const principals = new WeakMap<Client, Principal>();
  const buckets = new WeakMap<Client, ReturnType<DeviceLimits['connection']>>();
  const connections = new Map<string, Set<Client>>();
  const sessions = sessionsDir ? new Level(sessionsDir) : undefined;
  const broker = await Aedes.createBroker({
    persistence: sessions ? levelPersistence(sessions) : undefined,
    authenticate(client, username, password, callback) {
      if (username && limits.backingOff(username)) {
        access.refused(username, 'connect:backing-off');
        const error = new Refusal('connect:backing-off', CONNACK_SERVER_UNAVAILABLE);
        return callback(Object.assign(error, { returnCode: error.returnCode }) as AuthenticateError, false);
      }
      access.authenticate(client.id, client.conn, username, password).then(
        (principal) => {
          principals.set(client, principal);
          buckets.set(client, limits.connection(principal));
          const open = connections.get(principal.username) ?? new Set();
          connections.set(principal.username, open.add(client));
          callback(null, true);
        },
        (error: Error) => {
          const returnCode = error instanceof Refusal ? error.returnCode : 3;
          callback(Object.assign(error, { returnCode }) as AuthenticateError, false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const principal = client && principals.get(client);
      // Commands come from the platform only (broker.publish does not pass through here).
      const refusal = principal
        ? access.publishRefusal(principal, packet.topic, packet.retain)
        : 'publish:not-own-topic';
      if (refusal) {
        access.refused(principal?.username ?? client?.id ?? '?', refusal);
        return callback(new Error(refusal));
      }
      const bucket = client && buckets.get(client);
      if (!packet.topic.startsWith(DEVICE_TOPICS) || !sink || !principal || !client || !bucket) {
        return callback(null);
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      const ingest = () => {
        sink({ topic: packet.topic, payload, receivedAt: new Date() }).then((verdict) => {
          if (verdict === 'accepted' || !limits.bad(principal.username, bucket)) return callback(null);
          // Messages of the same read settle after the first over the budget: the disconnect is counted once.
          if (!client.closed) access.refused(principal.username, 'publish:bad-messages');
          callback(new Error('publish:bad-messages'));
        }, callback);
      };
      // Waiting here holds the client's next socket read (aedes reads on once every packet is handled).
      // A closed client's publish is its last will, which the broker sends once: never held.
      const wait = client.closed ? 0 : limits.admit(principal.username, bucket.publishes);
      if (wait === 0) return ingest();
      access.refused(principal.username, 'publish:throttled');
      // A held message of a device that went away meanwhile was never acknowledged: the device sends it again.
      setTimeout(() => (client.closed ? callback(new Error('connection closed')) : ingest()), wait);
    },
    authorizeSubscribe(client, subscription, callback) {
      const principal = principals.get(client);
      if (principal && access.maySubscribe(principal, subscription.topic)) return callback(null, subscription);
      access.refused(principal?.username ?? client.id, 'subscribe:not-own-topic');
      callback(null, null);
    },
  });
  broker.on('clientDisconnect', (client) => {
    const principal = principals.get(client);
    if (principal) connections.get(principal.username)?.delete(client);
  });

  const handle = (conn: Socket) =>
    limitPacketSize(broker.handle(conn), MAX_PACKET_BYTES, () =>
      access.refused(conn.remoteAddress ?? '?', 'publish:too-large'),
    );
  const servers: Server[] = [];
  let url = '';
  let tlsUrl: string | undefined;
  if (port !== null) {
    const server = createServer(handle);
    servers.push(server);
    url = `mqtt://${reachable(host)}:${await listen(server, port, host)}`;
  }
  if (tls) {
    const [cert, key, ca] = await Promise.all([
      readFile(tls.certFile),
      readFile(tls.keyFile),
      tls.caFile ? readFile(tls.caFile) : undefined,
    ]);
    // Client certificates are asked for but optional: a device may use its secret instead.
    const server = createTlsServer({ cert, key, ca, requestCert: true, rejectUnauthorized: false }, handle);
    servers.push(server);
    tlsUrl = `mqtts://${reachable(host)}:${await listen(server, tls.port, host)}`;
    url ||= tlsUrl;
  }
  const publish = promisify(broker.publish.bind(broker));
  // aedes numbers a packet when it is handed over but forwards it to a client only when its number is above the last
  // one forwarded there; with sessions on disk, queueing for the persistent sessions is a write, and concurrent
  // publishes overtook each other: the overtaken command was dropped as a "duplicate" (issue 45). One at a time.
  let previous: Promise<unknown> = Promise.resolve();
  const startedAt = new Date().toISOString();
  return {
    url,
    tlsUrl,
    publish(topic, payload) {
      const packet = {
        cmd: 'publish',
        topic,
        payload: Buffer.from(payload),
        qos: 1,
        retain: false,
        dup: false,
      } as const;
      const published = previous.then(() => publish(packet));
      previous = published.catch(() => undefined);
      return published;
    },
    status: () => ({
      kind: 'embedded',
      connected: true,
      subscribed: sink !== null,
      reconnects: 0,
      lastConnectedAt: startedAt,
    }),
    async credentialsChanged(username) {
      access.evict(username);
      for (const client of connections.get(username) ?? []) {
        const principal = principals.get(client);
        if (!principal || !(await access.stillValid(principal))) client.close();
      }
    },
    async close() {
      const closed = servers.map((server) => new Promise((resolve) => server.close(resolve)));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all(closed);
      await sessions?.close();
    },
  };
}
