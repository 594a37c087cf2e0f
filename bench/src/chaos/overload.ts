import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { ledgerPublisher, storedCopies } from '../../../apps/server/test/ledger-publisher';
import { addTestBatteries, testGateway } from '../../../apps/server/test/mqtt-devices';
import { setting } from '../smoke';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { chaosSchema, signIn, startChaosServer } from './chaos-server';
import { until } from './until';

const IN_FLIGHT = 50;
const QUEUE_LIMIT = 8;

/**
 * Overload (issue 45): more telemetry than the machine stores. CHAOS_OVERLOAD_CONNECTIONS outside gateway
 * connections, each with its own ledger of PUBACKs and up to 50 QoS 1 messages unacknowledged, publish as fast as
 * they are let to the embedded broker of a server whose ingest queue holds 8 (INGEST_QUEUE_LIMIT), every telemetry a
 * sample. The server must slow the devices (withhold PUBACKs while the queue is full), never acknowledge what it did
 * not store: every PUBACKed message is a row in SQL, once. The queue's depth, sampled every second, shows that
 * ingestion and not the publishers was the limit.
 */
export const overload: ChaosScenario = {
  name: 'overload',
  smoke: true,
  window: { twice: 0, decision: '009: PUBACK after the commit' },
  async run(): Promise<ChaosRow> {
    const connections = setting('CHAOS_OVERLOAD_CONNECTIONS', 40, 12);
    const perConnection = setting('CHAOS_OVERLOAD_MESSAGES', 400, 100);
    const schema = await chaosSchema('overload');
    const server = await startChaosServer(schema, {
      SAMPLE_RESOLUTION_SECONDS: 0,
      INGEST_QUEUE_LIMIT: QUEUE_LIMIT,
      MQTT_GATEWAY_PUBLISHES_PER_SECOND: 100_000,
    });
    const depths: number[] = [];
    let sampling = true;
    try {
      const cookie = await signIn(server.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const sampler = (async () => {
        while (sampling) {
          const metrics = await fetch(`${server.url}/api/v2/metrics`, { headers: { cookie } });
          if (metrics.ok) depths.push(serverMetricsSchema.parse(await metrics.json()).queue.depth);
          await until(() => !sampling, 1);
        }
      })();
      const publishers: ReturnType<typeof ledgerPublisher>[] = [];
      for (let n = 0; n < connections; n++) {
        const { serials } = await addTestBatteries(schema.db, 5);
        const gateway = await testGateway(schema.db);
        publishers.push(ledgerPublisher([server.mqttUrl], gateway, serials, IN_FLIGHT, 'telemetry'));
      }
      const started = performance.now();
      await Promise.all(publishers.map((publisher) => publisher.publish(perConnection)));
      await until(() => publishers.every((publisher) => publisher.acknowledged.size === perConnection), 120);
      const seconds = (performance.now() - started) / 1000;
      sampling = false;
      await sampler;
      await Promise.all(publishers.map((publisher) => publisher.end()));
      const acknowledged = publishers.flatMap((publisher) => [...publisher.acknowledged]);
      const serials = [...new Set(acknowledged.map((key) => key.split('/')[0] as string))];
      const copies = await storedCopies(schema.db, 'battery_sample', serials);
      const atLimit = depths.filter((depth) => depth >= QUEUE_LIMIT - 1).length;
      return {
        fault: 'overload: more telemetry than the server stores, embedded broker',
        sent: publishers.reduce((sum, publisher) => sum + publisher.sent, 0),
        acknowledged: acknowledged.length,
        stored: acknowledged.filter((key) => copies.has(key)).length,
        lost: acknowledged.filter((key) => !copies.has(key)).length,
        twice: [...copies.values()].filter((n) => n > 1).length,
        recoverySeconds: null,
        note: `${connections} connections × ${IN_FLIGHT} in flight, ingest queue of ${QUEUE_LIMIT} at its limit in ${atLimit} of ${depths.length} 1-s samples; ${(acknowledged.length / seconds).toFixed(0)} msgs/s acknowledged`,
      };
    } finally {
      sampling = false;
      await server.stop();
      await schema.drop();
    }
  },
};
