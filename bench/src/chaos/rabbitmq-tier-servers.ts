import { ledgerPublisher, storedCopies } from '../../../apps/server/test/ledger-publisher';
import { addTestBatteries, testGateway, uniqueId } from '../../../apps/server/test/mqtt-devices';
import type { PrivateRabbitCluster } from '../../../apps/server/test/private-rabbitmq';
import type { ChaosRow } from './chaos-row';
import { type ChaosSchema, type ChaosServer, startChaosServer } from './chaos-server';
import { until } from './until';

const BROKER_AUTH_PASSWORD = 'broker-secret-for-chaos';

/** Where the nodes ask CBM about devices: the API process on `apiPort` (production: the load balancer). */
export const brokerAuthUrl = (apiPort: number) =>
  `http://broker:${BROKER_AUTH_PASSWORD}@127.0.0.1:${apiPort}/api/v2/broker-auth`;

/**
 * CBM on the broker tier as production runs it (decision 090), on a running `cluster` whose nodes ask
 * brokerAuthUrl(apiPort): an API process (INGEST=false) on `apiPort`, and ingest workers; `built`: from the build.
 */
export async function startTierServers(
  schema: ChaosSchema,
  cluster: PrivateRabbitCluster,
  apiPort: number,
  built = false,
) {
  const settings = {
    RABBITMQ_URLS: cluster.amqpUrls.join(','),
    // Production: the cluster's load-balanced MQTT address; here the last node.
    MQTT_URL: cluster.internalMqttUrl,
    BROKER_AUTH_PASSWORD,
    SAMPLE_RESOLUTION_SECONDS: 0,
  };
  const api = await startChaosServer(schema, { ...settings, INGEST: 'false', PORT: apiPort }, built);
  const workers: ChaosServer[] = [];
  const killWorkers = async () => {
    for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
  };
  return {
    api,
    /** An ingest worker under a client id never used before (a new pod's name). */
    async worker() {
      const id = uniqueId('cbm-w');
      const worker = await startChaosServer(schema, { ...settings, INGEST: 'true', MQTT_CLIENT_ID: id }, built);
      workers.push(worker);
      return worker;
    },
    /** SIGKILLs `worker` (one of this tier's). */
    async killWorker(worker: ChaosServer) {
      workers.splice(workers.indexOf(worker), 1);
      await worker.stop('SIGKILL');
    },
    killWorkers,
    async stop() {
      await killWorkers();
      await api.stop('SIGKILL');
    },
  };
}

export type TierServers = Awaited<ReturnType<typeof startTierServers>>;

/**
 * An outside gateway (MQTT 3.1.1, its own ledger of PUBACKs) on `batteries` of its own, every node in its list,
 * connected first to node `firstNode` (1–3).
 */
export async function gatewayLedger(schema: ChaosSchema, cluster: PrivateRabbitCluster, firstNode = 2, batteries = 4) {
  const { serials } = await addTestBatteries(schema.db, batteries);
  const urls = [...cluster.mqttUrls.slice(firstNode - 1), ...cluster.mqttUrls.slice(0, firstNode - 1)];
  const device = ledgerPublisher(urls, await testGateway(schema.db), serials);
  const stored = async (keys: Iterable<string>) => {
    const copies = await storedCopies(schema.db, 'device_event', serials);
    const twice = [...copies.values()].filter((n) => n > 1).length;
    return { missing: [...keys].filter((key) => !copies.has(key)).length, twice };
  };
  return { device, stored };
}

export type GatewayLedger = Awaited<ReturnType<typeof gatewayLedger>>;

/**
 * Seconds until every key acknowledged so far is stored, from `since`; null when not within `seconds`. A count
 * the database does not answer (it may be failing over) is asked again.
 */
export async function recovery(ledger: GatewayLedger, since: number, seconds: number) {
  const keys = [...ledger.device.acknowledged];
  const stored = () =>
    ledger.stored(keys).then(
      ({ missing }) => missing === 0,
      () => false,
    );
  const done = await until(stored, seconds, 500);
  return done ? (performance.now() - since) / 1000 : null;
}

/** The ledger's row once what it acknowledged is stored (or 120 s have passed). */
export async function ledgerRow(
  fault: string,
  ledger: GatewayLedger,
  recoverySeconds: number | null,
  note: string,
): Promise<ChaosRow> {
  await until(async () => (await ledger.stored(ledger.device.acknowledged)).missing === 0, 120, 500);
  const { missing, twice } = await ledger.stored(ledger.device.acknowledged);
  return {
    fault,
    sent: ledger.device.sent,
    acknowledged: ledger.device.acknowledged.size,
    stored: ledger.device.acknowledged.size - missing,
    lost: missing,
    twice,
    recoverySeconds,
    note,
  };
}
