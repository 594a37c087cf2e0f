import type { DeviceLimitState } from '@cbm/contracts/device-registry';
import type { BrokerMetrics, BrokerRefusal } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { BrokerAccess } from '../device-broker/broker-access';
import { brokerAuthRoutes } from '../device-broker/broker-auth-routes';
import { watchCredentialChanges } from '../device-broker/credential-changes';
import { DeviceLimits, deviceLimitSettings } from '../device-broker/device-limits';
import type { DeviceTransport } from '../device-broker/device-transport';
import { type EmbeddedTransport, startEmbeddedBroker } from '../device-broker/embedded-broker';
import { connectExternalBroker } from '../device-broker/external-broker';
import { connectRabbitBroker } from '../device-broker/rabbitmq-broker';
import { type CommandDeliveryListener, commandRedeliveryJob } from '../device-commands/command-redelivery';
import type { CommandReplyListener } from '../device-commands/command-replies';
import { CommandService } from '../device-commands/command-service';
import type { SampleListener } from '../device-ingestion/battery-sample';
import { batterySilenceJob } from '../device-ingestion/battery-silence-job';
import { deviceStore } from '../device-ingestion/device-store';
import type { EventListener } from '../device-ingestion/event-listener';
import { IngestMetrics } from '../device-ingestion/ingest-metrics';
import { IngestPipeline } from '../device-ingestion/ingest-pipeline';
import type { MdloadListener } from '../device-ingestion/mdload-reading';
import { metricsRoutes } from '../device-ingestion/metrics-routes';
import { sampleRetentionJob } from '../device-ingestion/sample-retention';
import type { ChangedCredential } from '../device-registry/broker-credentials';
import { brokerCredentials } from '../device-registry/broker-credentials';
import type { BrokerUserSync } from '../device-registry/broker-user-sync';
import type { CredentialChange } from '../device-registry/device-registry-service';
import { startDynsecSync } from '../device-registry/dynsec-sync';
import { rabbitConnectionSync } from '../device-registry/rabbitmq-connections';
import { LiveHub } from '../live-updates/live-hub';
import { connectLiveRelay } from '../live-updates/live-relay';
import { liveRoutes } from '../live-updates/live-routes';
import { LiveStreamRegistry } from '../live-updates/live-stream-registry';

type DeviceConfig = Pick<
  Config,
  | 'INGEST'
  | 'BATTERY_SILENCE_CHECK_SECONDS'
  | 'HOST'
  | 'MQTT_PORT'
  | 'MQTT_HOST'
  | 'mqttTls'
  | 'MQTT_URL'
  | 'MQTT_DYNSEC_URL'
  | 'BROKER_AUTH_PASSWORD'
  | 'rabbitmq'
  | 'MQTT_CLIENT_ID'
  | 'MQTT_SHARE_GROUP'
  | 'MQTT_DEVICE_PUBLISHES_PER_SECOND'
  | 'MQTT_GATEWAY_PUBLISHES_PER_SECOND'
  | 'MQTT_PUBLISH_BURST_SECONDS'
  | 'MQTT_BAD_MESSAGES_PER_MINUTE'
  | 'MQTT_BAD_MESSAGE_BACKOFF_SECONDS'
  | 'SAMPLE_RESOLUTION_SECONDS'
  | 'INGEST_BATCH_SIZE'
  | 'INGEST_QUEUE_LIMIT'
  | 'INGEST_LINGER_MS'
  | 'SAMPLE_RETENTION_MONTHS'
  | 'COMMAND_RETRY_SECONDS'
  | 'LIVE_STREAMS_PER_USER'
  | 'LIVE_STREAMS_TOTAL'
  | 'LIVE_STREAM_BUFFER_KB'
  | 'LIVE_STREAM_RECHECK_SECONDS'
  | 'METRICS_TOKEN'
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
  /**
   * A credential was registered, rotated or revoked: the embedded broker forgets it and closes its connections;
   * an external Mosquitto with MQTT_DYNSEC_URL gets the change at once (decision 132); the RabbitMQ tier with
   * RABBITMQ_MANAGEMENT_URLS closes the device's connections on every node (decision 138).
   */
  credentialsChanged(change: CredentialChange): Promise<void>;
  readonly sendCommand: CommandService['sendCommand'];
  readonly sendCommands: CommandService['sendCommands'];
  readonly awaitReply: CommandService['awaitReply'];
  readonly awaitData: CommandService['awaitData'];
  readonly refresh: CommandService['refresh'];
  /** Runs inside each storing transaction with the new battery samples (roll-ups). Register before ready. */
  addSampleListener(listener: SampleListener): void;
  /** Runs inside each storing transaction with the new command replies (datalogs, updates). */
  addReplyListener(listener: CommandReplyListener): void;
  /** Asked before a command without an answer goes out again, and told when one is given up (updates). */
  addDeliveryListener(listener: CommandDeliveryListener): void;
  /** Runs inside each storing transaction with the new device events (alerts). Register before ready. */
  addEventListener(listener: EventListener): void;
  /** Runs inside each storing transaction with the charger-station units' new power (threshold alarms). */
  addMdloadListener(listener: MdloadListener): void;
  readonly metrics: IngestMetrics;
  /** This process's connection to the device broker (metrics, readiness). */
  brokerStatus(): BrokerMetrics;
  readonly live: LiveHub;
  /** A limit the embedded broker holds a username to right now (throttled, backing off), if any. */
  limitState(username: string): DeviceLimitState | null;
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
    const deliveries: CommandDeliveryListener[] = [];
    const events: EventListener[] = [];
    const mdloadListeners: MdloadListener[] = [];
    const live = new LiveHub();
    let transport: DeviceTransport | undefined;
    let embedded: EmbeddedTransport | undefined;
    let stopWatching = () => {};
    /** The external broker's users kept in step: Mosquitto's dynamic security, or RabbitMQ's connections. */
    let brokerUsers: BrokerUserSync | undefined;
    let relay: Awaited<ReturnType<typeof connectLiveRelay>> | undefined;
    const firstRetryMs = config.COMMAND_RETRY_SECONDS * 1000;
    const commands = new CommandService(db, () => transport, firstRetryMs);
    const limits = new DeviceLimits(deviceLimitSettings(config));
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
          tracer: app.tracer,
          onCommitted(outcome) {
            commands.notify(outcome);
            live.publish(outcome);
            for (const after of outcome.afterCommit) after();
          },
        })
      : undefined;
    const metrics = pipeline?.metrics ?? new IngestMetrics(() => ({ depth: 0, limit: 0 }));
    const brokerStatus = () => transport?.status() ?? NO_BROKER;
    const registry = brokerCredentials(db);
    const countRefused = (refusal: BrokerRefusal) => metrics.countRefused(refusal);
    // The RabbitMQ tier asks any replica (BROKER_AUTH_PASSWORD set) about devices: decision 090.
    const authAccess =
      config.rabbitmq && config.BROKER_AUTH_PASSWORD
        ? new BrokerAccess(registry, countRefused, app.log.child({ module: 'broker-auth' }))
        : undefined;

    app.decorate('devices', {
      get brokerUrl() {
        return transport?.url;
      },
      get brokerTlsUrl() {
        return embedded?.tlsUrl;
      },
      credentialsChanged: async (change) => {
        authAccess?.evict(change.username);
        await embedded?.credentialsChanged(change.username);
        await brokerUsers?.apply(change);
      },
      sendCommand: commands.sendCommand.bind(commands),
      sendCommands: commands.sendCommands.bind(commands),
      awaitReply: commands.awaitReply.bind(commands),
      awaitData: commands.awaitData.bind(commands),
      refresh: commands.refresh.bind(commands),
      addSampleListener: (listener) => samples.push(listener),
      addReplyListener: (listener) => replies.push(listener),
      addDeliveryListener: (listener) => deliveries.push(listener),
      addEventListener: (listener) => events.push(listener),
      addMdloadListener: (listener) => mdloadListeners.push(listener),
      metrics,
      brokerStatus,
      live,
      limitState: (username) => limits.state(username),
    } satisfies DeviceChannel);

    app.addHook('onReady', async () => {
      const sink = pipeline ? pipeline.submit.bind(pipeline) : null;
      if (config.MQTT_URL) {
        const log = app.log.child({ module: 'mqtt' });
        // As many in flight as the queue holds: the broker's own queue stays empty.
        const inFlight = config.INGEST_QUEUE_LIMIT;
        transport = config.rabbitmq
          ? await connectRabbitBroker({ ...config.rabbitmq, deviceUrl: config.MQTT_URL, prefetch: inFlight, sink, log })
          : await connectExternalBroker({
              url: config.MQTT_URL,
              clientId: config.MQTT_CLIENT_ID,
              shareGroup: config.MQTT_SHARE_GROUP,
              receiveMaximum: inFlight,
              sink,
              log,
            });
        relay = await connectLiveRelay({
          url: config.MQTT_URL,
          clientId: config.MQTT_CLIENT_ID,
          shareGroup: config.MQTT_SHARE_GROUP,
          log: app.log.child({ module: 'live-relay' }),
          onLive: (changes) => live.apply(changes),
        });
        live.relayThrough(relay);
        if (config.MQTT_DYNSEC_URL) {
          const log = app.log.child({ module: 'dynsec' });
          brokerUsers = await startDynsecSync(config.MQTT_DYNSEC_URL, config.MQTT_CLIENT_ID, log);
        }
        if (config.rabbitmq?.managementUrls) {
          const log = app.log.child({ module: 'rabbitmq-management' });
          brokerUsers = rabbitConnectionSync(config.rabbitmq.managementUrls, log);
        }
        const access = authAccess;
        if (access) {
          // A device revoked elsewhere may have been let in again by this replica's cache meanwhile: close it again.
          const heard = async ({ username, deviceClass, serialNumber, revoked }: ChangedCredential) => {
            access.evict(username);
            if (revoked)
              await brokerUsers?.apply({ username, deviceClass, serialNumber, secret: null, registered: false });
          };
          stopWatching = await watchCredentialChanges(registry, heard, app.log);
        }
      } else if (config.INGEST) {
        const log = app.log.child({ module: 'mqtt' });
        const access = new BrokerAccess(registry, countRefused, log, Boolean(config.mqttTls?.caFile));
        embedded = await startEmbeddedBroker({
          limits,
          port: config.MQTT_PORT === 'off' ? null : config.MQTT_PORT,
          host: config.MQTT_HOST ?? config.HOST,
          tls: config.mqttTls,
          sink,
          access,
          sessionsDir: brokerSessionsDir,
        });
        transport = embedded;
        const broker = embedded;
        const heard = ({ username }: ChangedCredential) => broker.credentialsChanged(username);
        stopWatching = await watchCredentialChanges(registry, heard, log);
      }
    });
    app.addHook('onClose', async () => {
      stopWatching();
      await brokerUsers?.close();
      commands.close();
      await pipeline?.stop();
      await transport?.close();
      await relay?.close();
      live.close();
    });

    app.jobs.schedule(
      commandRedeliveryJob({
        db,
        transport: () => transport,
        listeners: deliveries,
        firstRetryMs,
        log: app.log.child({ module: 'commands' }),
      }),
    );
    if (config.BATTERY_SILENCE_CHECK_SECONDS > 0) {
      app.jobs.schedule(
        batterySilenceJob({
          db,
          everyMs: config.BATTERY_SILENCE_CHECK_SECONDS * 1000,
          onSilent: (batteries) => live.publish({ batteries, mdloads: [] }),
        }),
      );
    }
    if (config.SAMPLE_RETENTION_MONTHS > 0) {
      app.jobs.schedule(
        sampleRetentionJob({ db, months: config.SAMPLE_RETENTION_MONTHS, log: app.log.child({ module: 'retention' }) }),
      );
    }
    const liveStreams = new LiveStreamRegistry({
      perUser: config.LIVE_STREAMS_PER_USER,
      total: config.LIVE_STREAMS_TOTAL,
      bufferBytes: config.LIVE_STREAM_BUFFER_KB * 1024,
      recheckMs: config.LIVE_STREAM_RECHECK_SECONDS * 1000,
    });
    await app.register(liveRoutes, { db, live, registry: liveStreams });
    await app.register(metricsRoutes, {
      metrics,
      broker: brokerStatus,
      live: () => liveStreams.metrics(),
      brokerUsers: () => brokerUsers?.metrics() ?? { failures: 0, pending: 0 },
      scrapeToken: config.METRICS_TOKEN,
    });
    await app.register(brokerAuthRoutes, { access: authAccess, password: config.BROKER_AUTH_PASSWORD });
  },
);

const NO_BROKER: BrokerMetrics = {
  kind: 'none',
  connected: false,
  subscribed: false,
  reconnects: 0,
  lastConnectedAt: null,
};

/** The address devices (and the in-process demo simulator) connect to; the app must be ready. */
export function deviceBrokerUrl(app: FastifyInstance): string {
  const url = app.devices.brokerUrl;
  if (!url) throw new Error('The device broker is not running (is the app ready, and INGEST on or MQTT_URL set?)');
  return url;
}
