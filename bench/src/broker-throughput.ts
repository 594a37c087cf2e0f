import { parseArgs } from 'node:util';
import amqp from 'amqplib';
import mqtt from 'mqtt';
import { declareIngestQueue, INGEST_QUEUE } from '../../apps/server/src/modules/device-broker/ingest-queue';

/**
 * QoS 1 telemetry-sized messages acknowledged per second by a broker (docs/decisions/090-rabbitmq-broker-tier.md):
 * `--clients` MQTT connections each keep `--window` publishes unacknowledged until `--messages` are acknowledged.
 * With `--amqp` the RabbitMQ tier's ingest queue is declared first (and emptied after), so every publish is
 * stored on a majority of the queue's replicas before its PUBACK.
 *   tsx bench/src/broker-throughput.ts --mqtt mqtt://user:pw@127.0.0.1:18881 [--amqp amqp://…] --messages 20000
 */
const { values } = parseArgs({
  options: {
    mqtt: { type: 'string' },
    amqp: { type: 'string' },
    messages: { type: 'string', default: '20000' },
    clients: { type: 'string', default: '8' },
    window: { type: 'string', default: '100' },
  },
});
if (!values.mqtt) throw new Error('--mqtt URL is required');
const total = Number(values.messages);
const clients = Number(values.clients);
const window = Number(values.window);
const payload = JSON.stringify({
  ts: new Date().toISOString(),
  soc: 81.5,
  soh: 97.2,
  voltage: 80.12,
  current: -123.4,
  temperature: 31.7,
  cellVoltages: Array.from({ length: 24 }, () => 3.3412),
  chargeAh: 123456.7,
  dischargeAh: 120001.2,
});

const amqpConnection = values.amqp ? await amqp.connect(values.amqp) : undefined;
if (amqpConnection) await declareIngestQueue(await amqpConnection.createChannel(), 1_000_000);

let started = 0;
let acknowledged = 0;
async function publisher(index: number) {
  const client = await mqtt.connectAsync(values.mqtt as string, {
    clientId: `throughput-${process.pid}-${index}`,
    clean: true,
  });
  const topic = `cbm/v1/battery/tp-${index}/telemetry`;
  const next = async (): Promise<void> => {
    while (started < total) {
      started++;
      await client.publishAsync(topic, payload, { qos: 1 });
      acknowledged++;
    }
  };
  await Promise.all(Array.from({ length: window }, next));
  await client.endAsync();
}

const start = performance.now();
await Promise.all(Array.from({ length: clients }, (_, index) => publisher(index)));
const seconds = (performance.now() - start) / 1000;
console.log(
  `${acknowledged} QoS 1 messages of ${payload.length} bytes acknowledged in ${seconds.toFixed(1)} s: ${Math.round(acknowledged / seconds)}/s`,
);
if (amqpConnection) {
  await (await amqpConnection.createChannel()).purgeQueue(INGEST_QUEUE);
  await amqpConnection.close();
}
