import type { BrokerMetrics, BrokerRefusal, BrokerUserMetrics } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { BrokerAccess } from '../device-broker/broker-access';
import { watchCredentialChanges } from '../device-broker/credential-changes';
import type { DeviceLimits } from '../device-broker/device-limits';
import type { DeviceTransport, MessageSink } from '../device-broker/device-transport';
import { type EmbeddedTransport, startEmbeddedBroker } from '../device-broker/embedded-broker';
import { connectExternalBroker } from '../device-broker/external-broker';
import { connectRabbitBroker } from '../device-broker/rabbitmq-broker';
import {
  type BrokerCredentials,
  brokerCredentials,
  type ChangedCredential,
} from '../device-registry/broker-credentials';
import type { BrokerUserSync } from '../device-registry/broker-user-sync';
import type { CredentialChange } from '../device-registry/device-registry-service';
import { startDynsecSync } from '../device-registry/dynsec-sync';
import { rabbitConnectionSync } from '../device-registry/rabbitmq-connections';
import type { LiveHub } from '../live-updates/live-hub';
import { connectLiveRelay } from '../live-updates/live-relay';

export type ChannelBrokerConfig = Pick<
  Config,
  | 'INGEST'
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
  | 'INGEST_QUEUE_LIMIT'
>;

export interface ChannelBrokerOptions {
  config: ChannelBrokerConfig;
  db: Database;
  live: LiveHub;
  limits: DeviceLimits;
  countRefused(refusal: BrokerRefusal): void;
  /** Where the embedded broker keeps its sessions; in memory when unset. */
  sessionsDir: string | undefined;
}

const NO_BROKER: BrokerMetrics = {
  kind: 'none',
  connected: false,
  subscribed: false,
  reconnects: 0,
  lastConnectedAt: null,
};

/**
 * This process's device broker: the embedded one (INGEST without MQTT_URL), or MQTT_URL's Mosquitto or RabbitMQ
 * tier with the live relay between replicas; and the credentials it hears of, kept in step with it.
 */
export class ChannelBroker {
  /** Devices the RabbitMQ tier asks any replica about (BROKER_AUTH_PASSWORD set): decision 090. */
  readonly authAccess: BrokerAccess | undefined;
  private transport: DeviceTransport | undefined;
  private embedded: EmbeddedTransport | undefined;
  /** The external broker's users kept in step: Mosquitto's dynamic security, or RabbitMQ's connections. */
  private users: BrokerUserSync | undefined;
  private relay: Awaited<ReturnType<typeof connectLiveRelay>> | undefined;
  private stopWatching = () => {};
  private readonly registry: BrokerCredentials;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ChannelBrokerOptions,
  ) {
    const { config, db, countRefused } = options;
    this.registry = brokerCredentials(db);
    this.authAccess =
      config.rabbitmq && config.BROKER_AUTH_PASSWORD
        ? new BrokerAccess(this.registry, countRefused, app.log.child({ module: 'broker-auth' }))
        : undefined;
  }

  /** Where commands go out; undefined before the app is ready. */
  get deviceTransport(): DeviceTransport | undefined {
    return this.transport;
  }

  get url(): string | undefined {
    return this.transport?.url;
  }

  get tlsUrl(): string | undefined {
    return this.embedded?.tlsUrl;
  }

  status(): BrokerMetrics {
    return this.transport?.status() ?? NO_BROKER;
  }

  userMetrics(): BrokerUserMetrics {
    return this.users?.metrics() ?? { failures: 0, pending: 0 };
  }

  async credentialsChanged(change: CredentialChange): Promise<void> {
    this.authAccess?.evict(change.username);
    await this.embedded?.credentialsChanged(change.username);
    await this.users?.apply(change);
  }

  /** Connects to MQTT_URL, or starts the embedded broker with INGEST on; devices' messages go to `sink`. */
  async start(sink: MessageSink | null): Promise<void> {
    if (this.options.config.MQTT_URL) await this.connect(this.options.config.MQTT_URL, sink);
    else if (this.options.config.INGEST) await this.startEmbedded(sink);
  }

  /** Stops hearing of credential changes and keeping the broker's users in step. */
  async stopSyncing(): Promise<void> {
    this.stopWatching();
    await this.users?.close();
  }

  async close(): Promise<void> {
    await this.transport?.close();
    await this.relay?.close();
  }

  private async connect(url: string, sink: MessageSink | null): Promise<void> {
    const { app, options } = this;
    const { config, live } = options;
    const log = app.log.child({ module: 'mqtt' });
    // As many in flight as the queue holds: the broker's own queue stays empty.
    const inFlight = config.INGEST_QUEUE_LIMIT;
    this.transport = config.rabbitmq
      ? await connectRabbitBroker({ ...config.rabbitmq, deviceUrl: url, prefetch: inFlight, sink, log })
      : await connectExternalBroker({
          url,
          clientId: config.MQTT_CLIENT_ID,
          shareGroup: config.MQTT_SHARE_GROUP,
          receiveMaximum: inFlight,
          sink,
          log,
        });
    this.relay = await connectLiveRelay({
      url,
      clientId: config.MQTT_CLIENT_ID,
      shareGroup: config.MQTT_SHARE_GROUP,
      log: app.log.child({ module: 'live-relay' }),
      onLive: (changes) => live.apply(changes),
    });
    live.relayThrough(this.relay);
    if (config.MQTT_DYNSEC_URL) {
      const log = app.log.child({ module: 'dynsec' });
      this.users = await startDynsecSync(config.MQTT_DYNSEC_URL, config.MQTT_CLIENT_ID, log);
    }
    if (config.rabbitmq?.managementUrls) {
      const log = app.log.child({ module: 'rabbitmq-management' });
      this.users = rabbitConnectionSync(config.rabbitmq.managementUrls, log);
    }
    const access = this.authAccess;
    if (access) {
      // A device revoked elsewhere may have been let in again by this replica's cache meanwhile: close it again.
      const heard = async ({ username, deviceClass, serialNumber, revoked }: ChangedCredential) => {
        access.evict(username);
        if (revoked) await this.users?.apply({ username, deviceClass, serialNumber, secret: null, registered: false });
      };
      this.stopWatching = await watchCredentialChanges(this.registry, heard, app.log);
    }
  }

  private async startEmbedded(sink: MessageSink | null): Promise<void> {
    const { app, options } = this;
    const { config, limits, countRefused } = options;
    const log = app.log.child({ module: 'mqtt' });
    const access = new BrokerAccess(this.registry, countRefused, log, Boolean(config.mqttTls?.caFile));
    const embedded = await startEmbeddedBroker({
      limits,
      port: config.MQTT_PORT === 'off' ? null : config.MQTT_PORT,
      host: config.MQTT_HOST ?? config.HOST,
      tls: config.mqttTls,
      sink,
      access,
      sessionsDir: options.sessionsDir,
    });
    this.embedded = embedded;
    this.transport = embedded;
    const heard = ({ username }: ChangedCredential) => embedded.credentialsChanged(username);
    this.stopWatching = await watchCredentialChanges(this.registry, heard, log);
  }
}
