import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import amqp from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceTransport, MessageSink } from './device-transport';
import { DEVICE_EXCHANGE, declareIngestQueue, INGEST_QUEUE, swapSeparators } from './ingest-queue';
import { redacted } from './mqtt-connection';

export interface RabbitBrokerOptions {
  /** One AMQP URL per node of the cluster; the worker uses the first that answers and moves on when it dies. */
  urls: string[];
  /** Where devices connect (the cluster's MQTT address), shown in the portal. */
  deviceUrl: string;
  /** Device messages go here; null for a connection that only sends commands (ingestion off). */
  sink: MessageSink | null;
  /** Messages held unacknowledged by this worker at most (AMQP prefetch; at most 65,535). */
  prefetch: number;
  /** The ingest queue's length at which the broker stops acknowledging devices. */
  queueLength: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const RECONNECT_MS = 250;
const FIRST_CONNECTION_MS = 30_000;
const HEARTBEAT_SECONDS = 5;
/** A message that could not be stored goes back to the queue after this long (not at once, in a loop). */
const REQUEUE_AFTER_MS = 1_000;
/** The MQTT plugin delivers an AMQP message to MQTT subscribers at this QoS (and keeps it if persistent). */
const COMMAND_PROPERTIES = { persistent: true, headers: { 'x-mqtt-publish-qos': 1 } };

interface Session {
  connection: ChannelModel;
  commands: ConfirmChannel;
}

/**
 * An ingest worker of the RabbitMQ broker tier (docs/decisions/090-rabbitmq-broker-tier.md): all workers consume
 * from one quorum queue and acknowledge a message only after its storing transaction committed, so what a dead
 * worker held goes to a survivor at once, whatever id its replacement has. Commands are published to amq.topic
 * and count as sent once the cluster confirms them.
 */
export async function connectRabbitBroker(options: RabbitBrokerOptions): Promise<DeviceTransport> {
  const { sink, log } = options;
  const state = { connected: false, subscribed: false, connections: 0, lastConnectedAt: null as string | null };
  let session: Session | undefined;
  let closing = false;
  let next = 0;

  const consume = async (channel: Channel, deliver: MessageSink) => {
    await channel.prefetch(Math.min(65_535, options.prefetch));
    await declareIngestQueue(channel, options.queueLength);
    await channel.consume(INGEST_QUEUE, (message: ConsumeMessage | null) => {
      if (!message) return; // the queue was deleted: the channel closes and we reconnect
      const topic = swapSeparators(message.fields.routingKey);
      deliver({ topic, payload: message.content, receivedAt: new Date() }).then(
        () => settle(() => channel.ack(message)),
        () => setTimeout(() => settle(() => channel.nack(message, false, true)), REQUEUE_AFTER_MS).unref(),
      );
    });
  };
  // After a node's death the channel is gone and the broker has given its messages to another consumer.
  const settle = (answer: () => void) => {
    try {
      answer();
    } catch {}
  };

  const open = async (): Promise<Session> => {
    const url = new URL(options.urls[next++ % options.urls.length] as string);
    // A node that stops answering without closing the socket is left after three missed heartbeats.
    if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', String(HEARTBEAT_SECONDS));
    const connection = await amqp.connect(url.toString());
    try {
      const commands = await connection.createConfirmChannel();
      if (sink) await consume(await connection.createChannel(), sink);
      return { connection, commands };
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  };

  const connect = async (giveUpAt = Number.POSITIVE_INFINITY): Promise<void> => {
    for (let attempt = 0; !closing; attempt++) {
      if (Date.now() > giveUpAt)
        throw new Error(`No RabbitMQ node of ${options.urls.map(redacted).join(', ')} answers`);
      try {
        const opened = await open();
        opened.connection.on('error', (error: Error) => log.warn({ err: error }, 'RabbitMQ connection'));
        opened.connection.on('close', () => {
          Object.assign(state, { connected: false, subscribed: false });
          session = undefined;
          if (!closing) void connect();
        });
        session = opened;
        state.connections++;
        Object.assign(state, { connected: true, subscribed: Boolean(sink), lastConnectedAt: new Date().toISOString() });
        return;
      } catch (error) {
        if (attempt % options.urls.length === 0) log.warn({ err: error }, 'RabbitMQ node unreachable; trying the next');
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    }
  };

  await connect(Date.now() + FIRST_CONNECTION_MS);

  return {
    url: redacted(options.deviceUrl),
    async publish(topic, payload) {
      if (!session) throw new Error('RabbitMQ broker unreachable');
      const channel = session.commands;
      channel.publish(DEVICE_EXCHANGE, swapSeparators(topic), Buffer.from(payload), COMMAND_PROPERTIES);
      await channel.waitForConfirms();
    },
    status: () => ({
      kind: 'rabbitmq',
      connected: state.connected,
      subscribed: state.subscribed,
      reconnects: Math.max(0, state.connections - 1),
      lastConnectedAt: state.lastConnectedAt,
    }),
    async close() {
      closing = true;
      // Acknowledgements of messages committed just now are queued as promise callbacks: let them out first.
      await new Promise((resolve) => setImmediate(resolve));
      await session?.connection.close().catch(() => undefined);
    },
  };
}
