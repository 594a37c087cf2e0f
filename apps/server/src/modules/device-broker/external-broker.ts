import { ANY_VERSION_ROOT } from '@cbm/contracts/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { DeviceTransport, MessageSink } from './device-transport';
import { IntakeGate } from './intake-gate';
import { firstConnection, redacted } from './mqtt-connection';

export interface ExternalBrokerOptions {
  url: string;
  clientId: string;
  /** Shared-subscription group ('' for a plain subscription). */
  shareGroup: string;
  /** Device messages go here; null for a publish-only connection (ingestion off). */
  sink: MessageSink | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  connectTimeoutMs?: number;
  /**
   * Unacknowledged messages the broker may send at once (MQTT 5 Receive Maximum; default 10,000).
   * Without it Mosquitto sends 20 and queues at most 1000 more per worker, dropping the rest.
   */
  receiveMaximum?: number;
  /** Seconds between keep-alive pings while nothing arrives (MQTT keep alive; default 60). */
  keepaliveSeconds?: number;
}

const SUBSCRIBED_CHANNELS = ['telemetry', 'event', 'info', 'status', 'cmd/reply'];
/** How long the broker keeps this worker's session (and queues its messages) while it is away. */
const SESSION_EXPIRY_SECONDS = 24 * 3600;
const MAX_RECEIVE_MAXIMUM = 65_535;
/**
 * Between a broker's restart and this worker's new subscription, device messages find no subscriber
 * (Mosquitto drops them; MQTT 5 devices see PUBACK reason 0x10): reconnect quickly.
 */
const RECONNECT_MS = 250;
/**
 * mqtt.js handles one incoming packet at a time and acknowledges it when customHandleAcks calls
 * back: waiting for the commit there would store one message per transaction. So the callback
 * declines to acknowledge (this error, which mqtt.js re-emits and we ignore) and the PUBACK is
 * sent after the commit. docs/decisions/009-device-ingestion.md; tested in broker-acks.api.test.ts.
 */
const ACK_AFTER_COMMIT = new Error('acknowledged after commit');
/** How often an arriving packet at most restarts the keep-alive timer (it costs a timer each time). */
const ALIVE_EVERY_MS = 1_000;

type PacketSender = { _sendPacket(packet: { cmd: 'puback'; messageId: number }, callback?: () => void): void };

const subscriptionTopics = (shareGroup: string) =>
  SUBSCRIBED_CHANNELS.map(
    (channel) => `${shareGroup ? `$share/${shareGroup}/` : ''}${ANY_VERSION_ROOT}/+/+/${channel}`,
  );

/**
 * An ingest worker at an external broker: persistent MQTT 5 session, QoS 1, PUBACK after commit. It
 * subscribes again after every (re)connect whatever `sessionPresent` says: Mosquitto 2.0 restores a
 * persistent session after a restart but not its `$share/…` subscriptions (decision 022).
 */
export async function connectExternalBroker(options: ExternalBrokerOptions): Promise<DeviceTransport> {
  const { sink, log } = options;
  const receiveMaximum = Math.min(MAX_RECEIVE_MAXIMUM, options.receiveMaximum ?? 10_000);
  // A PUBACK is only valid on the connection that received the message: after a reconnect the
  // broker resends what was not acknowledged, with new packet ids.
  const gate = new IntakeGate(receiveMaximum);
  const state = { connected: false, subscribed: false, lastConnectedAt: null as string | null };
  const acknowledge = (client: MqttClient, messageId: number, receivedOn: number) => {
    if (receivedOn === gate.current && client.connected) {
      (client as unknown as PacketSender)._sendPacket({ cmd: 'puback', messageId });
    }
  };
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: !sink,
    properties: sink
      ? {
          sessionExpiryInterval: SESSION_EXPIRY_SECONDS,
          receiveMaximum,
        }
      : {},
    // We subscribe on every connect ourselves; mqtt.js would only when the session is gone.
    resubscribe: false,
    keepalive: options.keepaliveSeconds ?? 60,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    customHandleAcks(topic, payload, packet, done) {
      const receivedOn = gate.current;
      const messageId = packet.messageId as number;
      ingest(topic, payload)
        .then(
          () => acknowledge(client, messageId, receivedOn),
          () => undefined, // not acknowledged: the broker delivers it again
        )
        .finally(() => gate.settle(receivedOn));
      gate.admit(() => done(ACK_AFTER_COMMIT));
    },
  });
  const ingest = (topic: string, payload: Buffer) =>
    sink ? sink({ topic, payload, receivedAt: new Date() }) : Promise.resolve();
  // rh 2: no retained messages on subscribing. The persistent session already had every message;
  // a broker full of retained status and info would flood (and overflow) a new worker's queue.
  const subscriptions = Object.fromEntries(
    subscriptionTopics(options.shareGroup).map((topic) => [topic, { qos: 1, rh: 2 }] as const),
  );
  const subscribe = async (on: number) => {
    try {
      const granted = await client.subscribeAsync(subscriptions);
      const refused = granted.filter((grant) => grant.qos > 2).map((grant) => grant.topic);
      if (refused.length > 0) log.warn({ refused }, 'MQTT broker refused the ingest subscriptions');
      if (on === gate.current) state.subscribed = refused.length === 0;
    } catch (error) {
      log.warn({ err: error }, 'MQTT subscribe failed; subscribing again after the next connect');
    }
  };
  let subscribed: Promise<void> = Promise.resolve();
  client.on('connect', () => {
    const connection = gate.reconnected();
    Object.assign(state, { connected: true, subscribed: false, lastConnectedAt: new Date().toISOString() });
    if (sink) subscribed = subscribe(connection);
  });
  client.on('close', () => Object.assign(state, { connected: false, subscribed: false }));
  // mqtt.js counts only a PINGRESP (or an acknowledgement) as a sign of life, but Mosquitto queues the PINGRESP
  // behind every message it is sending: a worker reading a backlog missed it and reconnected, and the broker then
  // sent every unacknowledged message again. Any packet that arrives shows the connection alive.
  let aliveAt = 0;
  client.on('packetreceive', () => {
    const now = Date.now();
    if (now - aliveAt < ALIVE_EVERY_MS) return;
    aliveAt = now;
    client.reschedulePing(true);
  });
  client.on('message', (topic, payload, packet: IPublishPacket) => {
    if (packet.qos === 0) ingest(topic, payload).catch(() => undefined);
  });
  client.on('error', (error) => {
    if (error !== ACK_AFTER_COMMIT) log.warn({ err: error }, 'MQTT broker connection');
  });
  client.on('offline', () => log.warn({ url: redacted(options.url) }, 'MQTT broker unreachable; reconnecting'));

  await firstConnection(client, options.url, options.connectTimeoutMs ?? 10_000);
  await subscribed;

  return {
    url: redacted(options.url),
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    status: () => ({
      kind: 'external',
      connected: state.connected,
      subscribed: state.subscribed,
      reconnects: Math.max(0, gate.current - 1),
      lastConnectedAt: state.lastConnectedAt,
    }),
    async close() {
      // Acknowledgements of messages committed just now are queued as promise callbacks: let them out first.
      await new Promise((resolve) => setImmediate(resolve));
      await client.endAsync();
    },
  };
}
