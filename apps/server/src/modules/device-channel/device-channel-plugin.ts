import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { BrokerAccess } from '../device-broker/broker-access';
import { watchCredentialChanges } from '../device-broker/credential-changes';
import type { DeviceTransport } from '../device-broker/device-transport';
import { type EmbeddedTransport, startEmbeddedBroker } from '../device-broker/embedded-broker';
import { connectExternalBroker } from '../device-broker/external-broker';
import type { CommandReplyListener } from '../device-commands/command-replies';
import { CommandService } from '../device-commands/command-service';
import type { SampleListener } from '../device-ingestion/battery-sample';
import { deviceStore } from '../device-ingestion/device-store';
import type { EventListener } from '../device-ingestion/event-listener';
import { IngestMetrics } from '../device-ingestion/ingest-metrics';
import { IngestPipeline } from '../device-ingestion/ingest-pipeline';
import type { MdloadListener } from '../device-ingestion/mdload-reading';
import { metricsRoutes } from '../device-ingestion/metrics-routes';
import { sampleRetentionJob } from '../device-ingestion/sample-retention';
import { brokerCredentials } from '../device-registry/broker-credentials';
import { LiveHub } from '../live-updates/live-hub';
import { connectLiveRelay } from '../live-updates/live-relay';
import { liveRoutes } from '../live-updates/live-routes';

type DeviceConfig = Pick<
  Config,
  | 'INGEST'
  | 'HOST'
  | 'MQTT_PORT'
  | 'MQTT_HOST'
  | 'mqttTls'
  | 'MQTT_URL'
  | 'MQTT_CLIENT_ID'
  | 'MQTT_SHARE_GROUP'
  | 'SAMPLE_RESOLUTION_SECONDS'
  | 'INGEST_BATCH_SIZE'
  | 'INGEST_QUEUE_LIMIT'
  | 'INGEST_LINGER_MS'
  | 'SAMPLE_RETENTION_MONTHS'
  | 'LIVE_STREAMS_PER_USER'
  | 'LIVE_STREAMS_TOTAL'
  | 'LIVE_STREAM_BUFFER_KB'
  | 'LIVE_STREAM_RECHECK_SECONDS'
>;

export interface DevicesPluginOptions {
  config: DeviceConfig;
  db: Database;
  sampleListeners?: SampleListener[];
  /** Where the embedded broker keeps its sessions (DATA_DIR/mqtt-sessions for the server); in memory when unset. */
  brokerSessionsDir?: string;
}

/** The device channel other modules use (app.devices). */
export interface DeviceChannel {
  /** Where devices connect: the embedded broker's address, or MQTT_URL; undefined before the app is ready. */
  readonly brokerUrl: string | undefined;
  /** The embedded broker's TLS address (mqtts://), when it has a TLS listener. */
  readonly brokerTlsUrl: string | undefined;
  /** A username was registered, rotated or revoked: the embedded broker forgets it and closes its connections. */
  credentialsChanged(username: string): Promise<void>;
  readonly sendCommand: CommandService['sendCommand'];
  readonly sendCommands: CommandService['sendCommands'];
  readonly awaitReply: CommandService['awaitReply'];
  readonly awaitData: CommandService['awaitData'];
  readonly refresh: CommandService['refresh'];
  /** Runs inside each storing transaction with the new battery samples (roll-ups). Register before ready. */
  addSampleListener(listener: SampleListener): void;
  /** Runs inside each storing transaction with the new command replies (datalogs, updates). */
  addReplyListener(listener: CommandReplyListener): void;
  /** Runs inside each storing transaction with the new device events (alerts). Register before ready. */
  addEventListener(listener: EventListener): void;
  /** Runs inside each storing transaction with the charger-station units' new power (threshold alarms). */
  addMdloadListener(listener: MdloadListener): void;
  readonly metrics: IngestMetrics;
  readonly live: LiveHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceChannel;
  }
}

/**
 * Ingestion, command channel, live push and metrics. The broker (embedded, or the subscription to
 * MQTT_URL) starts when the app is ready and stops after the queued messages are stored on close.
 */
export const devicesPlugin = fp(
  async (app: FastifyInstance, { config, db, sampleListeners = [], brokerSessionsDir }: DevicesPluginOptions) => {
    const samples = [...sampleListeners];
    const replies: CommandReplyListener[] = [];
    const events: EventListener[] = [];
    const mdloadListeners: MdloadListener[] = [];
    const live = new LiveHub();
    let transport: DeviceTransport | undefined;
    let embedded: EmbeddedTransport | undefined;
    let stopWatching = () => {};
    let relay: Awaited<ReturnType<typeof connectLiveRelay>> | undefined;
    const commands = new CommandService(db, () => transport);
    const pipeline = config.INGEST
      ? new IngestPipeline({
          store: deviceStore(db, {
            resolutionMs: config.SAMPLE_RESOLUTION_SECONDS * 1000,
            sampleListeners: samples,
            replyListeners: replies,
            eventListeners: events,
            mdloadListeners,
          }),
          batchSize: config.INGEST_BATCH_SIZE,
          queueLimit: config.INGEST_QUEUE_LIMIT,
          lingerMs: config.INGEST_LINGER_MS,
          // PGlite has one connection: a second transaction would only wait for the first.
          concurrency: db.kind === 'postgres' ? 2 : 1,
          log: app.log.child({ module: 'ingest' }),
          onCommitted(outcome) {
            commands.notify(outcome);
            live.publish(outcome);
            for (const after of outcome.afterCommit) after();
          },
        })
      : undefined;
    const metrics = pipeline?.metrics ?? new IngestMetrics(() => ({ depth: 0, limit: 0 }));

    app.decorate('devices', {
      get brokerUrl() {
        return transport?.url;
      },
      get brokerTlsUrl() {
        return embedded?.tlsUrl;
      },
      credentialsChanged: (username) => embedded?.credentialsChanged(username) ?? Promise.resolve(),
      sendCommand: commands.sendCommand.bind(commands),
      sendCommands: commands.sendCommands.bind(commands),
      awaitReply: commands.awaitReply.bind(commands),
      awaitData: commands.awaitData.bind(commands),
      refresh: commands.refresh.bind(commands),
      addSampleListener: (listener) => samples.push(listener),
      addReplyListener: (listener) => replies.push(listener),
      addEventListener: (listener) => events.push(listener),
      addMdloadListener: (listener) => mdloadListeners.push(listener),
      metrics,
      live,
    } satisfies DeviceChannel);

    app.addHook('onReady', async () => {
      const sink = pipeline ? pipeline.submit.bind(pipeline) : null;
      if (config.MQTT_URL) {
        transport = await connectExternalBroker({
          url: config.MQTT_URL,
          clientId: config.MQTT_CLIENT_ID,
          shareGroup: config.MQTT_SHARE_GROUP,
          // As many in flight as the queue holds: the broker's own queue stays empty.
          receiveMaximum: config.INGEST_QUEUE_LIMIT,
          sink,
          log: app.log.child({ module: 'mqtt' }),
        });
        relay = await connectLiveRelay({
          url: config.MQTT_URL,
          clientId: config.MQTT_CLIENT_ID,
          shareGroup: config.MQTT_SHARE_GROUP,
          log: app.log.child({ module: 'live-relay' }),
          onLive: (changes) => live.apply(changes),
        });
        live.relayThrough(relay);
      } else if (config.INGEST) {
        const log = app.log.child({ module: 'mqtt' });
        const registry = brokerCredentials(db);
        const access = new BrokerAccess(
          registry,
          (refusal) => metrics.countRefused(refusal),
          log,
          Boolean(config.mqttTls?.caFile),
        );
        embedded = await startEmbeddedBroker({
          port: config.MQTT_PORT === 'off' ? null : config.MQTT_PORT,
          host: config.MQTT_HOST ?? config.HOST,
          tls: config.mqttTls,
          sink,
          access,
          sessionsDir: brokerSessionsDir,
        });
        transport = embedded;
        const broker = embedded;
        stopWatching = await watchCredentialChanges(registry, (username) => broker.credentialsChanged(username), log);
      }
    });
    app.addHook('onClose', async () => {
      stopWatching();
      commands.close();
      await pipeline?.stop();
      await transport?.close();
      await relay?.close();
      live.close();
    });

    if (config.SAMPLE_RETENTION_MONTHS > 0) {
      app.jobs.schedule(
        sampleRetentionJob({ db, months: config.SAMPLE_RETENTION_MONTHS, log: app.log.child({ module: 'retention' }) }),
      );
    }
    await app.register(liveRoutes, {
      db,
      live,
      limits: {
        perUser: config.LIVE_STREAMS_PER_USER,
        total: config.LIVE_STREAMS_TOTAL,
        bufferBytes: config.LIVE_STREAM_BUFFER_KB * 1024,
        recheckMs: config.LIVE_STREAM_RECHECK_SECONDS * 1000,
      },
    });
    await app.register(metricsRoutes, { metrics, broker: () => transport?.status() ?? NO_BROKER });
  },
);

const NO_BROKER = { kind: 'none', connected: false, subscribed: false, reconnects: 0, lastConnectedAt: null } as const;

/** The address devices (and the in-process demo simulator) connect to; the app must be ready. */
export function deviceBrokerUrl(app: FastifyInstance): string {
  const url = app.devices.brokerUrl;
  if (!url) throw new Error('The device broker is not running (is the app ready, and INGEST on or MQTT_URL set?)');
  return url;
}
