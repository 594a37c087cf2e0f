import { STORED_KINDS } from '@cbm/contracts/ingest-metrics';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../apps/server/src/config';
import { BrokerAccess } from '../../apps/server/src/modules/device-broker/broker-access';
import { DeviceLimits, deviceLimitSettings } from '../../apps/server/src/modules/device-broker/device-limits';
import { startEmbeddedBroker } from '../../apps/server/src/modules/device-broker/embedded-broker';
import type { BatchOutcome } from '../../apps/server/src/modules/device-ingestion/device-store';
import { IngestPipeline } from '../../apps/server/src/modules/device-ingestion/ingest-pipeline';
import { generateSecret, hashSecret } from '../../apps/server/src/modules/device-registry/device-secret';
import { ingestSettings } from './ingest-settings';
import { answerCpuQueries } from './server-cpu';

/**
 * The ingest benchmark's ceiling, in its own process as the real server is: the embedded broker and
 * the ingest pipeline exactly as the app runs them (QoS 1, parsing, validation, queue, batches,
 * PUBACK after the "commit") with a store that writes nothing. Whatever the database costs comes on
 * top of this, so no storage design can ingest faster on the same machine. Prints { mqttUrl, gateway }.
 */
const config = loadConfig(ingestSettings(), { LOG_LEVEL: 'silent' });
const none = () => Object.fromEntries(STORED_KINDS.map((kind) => [kind, 0])) as BatchOutcome['counts']['stored'];
const nothingStored = (): BatchOutcome => ({
  rejections: new Map(),
  counts: { stored: none(), duplicates: none(), samplesSkipped: 0 },
  batteries: [],
  mdloads: [],
  telemetryFrom: new Set(),
  replies: [],
  afterCommit: [],
});
const pipeline = new IngestPipeline({
  store: { store: async () => nothingStored() },
  batchSize: config.INGEST_BATCH_SIZE,
  queueLimit: config.INGEST_QUEUE_LIMIT,
  lingerMs: config.INGEST_LINGER_MS,
  concurrency: 2,
  log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
  onCommitted: () => undefined,
});
// The same access rules as the server: the bench connects as a gateway.
const gateway = { username: 'gateway-bench', password: generateSecret() };
const credential = {
  deviceClass: 'gateway' as const,
  serialNumber: 'bench',
  operatingSiteId: null,
  secretHash: await hashSecret(gateway.password),
  certFingerprint: null,
  revoked: false,
};
const access = new BrokerAccess({ credential: async () => credential }, () => undefined, { warn: () => undefined });
const sink = pipeline.submit.bind(pipeline);
const limits = new DeviceLimits(deviceLimitSettings(config));
const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', sink, access, limits });
console.log(JSON.stringify({ mqttUrl: broker.url, gateway }));
answerCpuQueries();

process.on('SIGTERM', async () => {
  await pipeline.stop();
  await broker.close();
  process.exit(0);
});
