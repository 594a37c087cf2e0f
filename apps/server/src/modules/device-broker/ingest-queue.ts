import type { Channel } from 'amqplib';

/**
 * The RabbitMQ tier's one replicated queue of device messages (docs/decisions/090-rabbitmq-broker-tier.md): the
 * MQTT plugin publishes every device message to amq.topic, this quorum queue holds the ingest channels' messages
 * until a worker acknowledges them after its commit, and all workers consume from it.
 */
export const INGEST_QUEUE = 'cbm.ingest';
export const DEVICE_EXCHANGE = 'amq.topic';

/** RabbitMQ's MQTT plugin swaps '/' and '.' between an MQTT topic and a routing key; the same swap undoes it. */
export const swapSeparators = (name: string) => name.replace(/[./]/g, (separator) => (separator === '.' ? '/' : '.'));

const INGEST_CHANNELS = ['telemetry', 'event', 'info', 'status', 'cmd/reply'];
/** Any protocol version, class and device: `cbm.*.*.*.telemetry`, …, `cbm.*.*.*.cmd.reply`. */
export const INGEST_BINDINGS = INGEST_CHANNELS.map((channel) => `cbm.*.*.*.${swapSeparators(channel)}`);

/**
 * Declares the queue and its bindings (idempotent). At `maxLength` messages the queue rejects further publishes:
 * the broker then withholds the devices' PUBACKs, and they send again later, instead of anything being dropped.
 */
export async function declareIngestQueue(channel: Channel, maxLength: number): Promise<void> {
  await channel.assertQueue(INGEST_QUEUE, {
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-max-length': maxLength, 'x-overflow': 'reject-publish' },
  });
  for (const key of INGEST_BINDINGS) await channel.bindQueue(INGEST_QUEUE, DEVICE_EXCHANGE, key);
}
