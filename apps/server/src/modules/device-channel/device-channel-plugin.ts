import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { DeviceLimits, deviceLimitSettings } from '../device-broker/device-limits';
import type { CommandDeliveryListener } from '../device-commands/command-redelivery';
import { CommandService } from '../device-commands/command-service';
import type { SampleListener } from '../device-ingestion/battery-sample';
import { LiveHub } from '../live-updates/live-hub';
import { ChannelBroker, type ChannelBrokerConfig } from './channel-broker';
import { type ChannelIngestConfig, channelIngest, type StoreListeners } from './channel-ingest';
import { type ChannelJobsConfig, scheduleChannelJobs } from './channel-jobs';
import { type ChannelRoutesConfig, registerChannelRoutes } from './channel-routes';
import type { DeviceChannel } from './device-channel';

type DeviceConfig = ChannelBrokerConfig &
  ChannelIngestConfig &
  ChannelJobsConfig &
  ChannelRoutesConfig &
  Parameters<typeof deviceLimitSettings>[0] &
  Pick<Config, 'COMMAND_RETRY_SECONDS'>;

export interface DevicesPluginOptions {
  config: DeviceConfig;
  db: Database;
  sampleListeners?: SampleListener[];
  /** Where the embedded broker keeps its sessions (DATA_DIR/mqtt-sessions for the server); in memory when unset. */
  brokerSessionsDir?: string;
}

/**
 * Ingestion, command channel, live push and metrics. The broker (embedded, or the subscription to
 * MQTT_URL) starts when the app is ready and stops after the queued messages are stored on close.
 */
export const devicesPlugin = fp(
  async (app: FastifyInstance, { config, db, sampleListeners = [], brokerSessionsDir }: DevicesPluginOptions) => {
    const listeners: StoreListeners = { samples: [...sampleListeners], replies: [], events: [], mdloads: [] };
    const deliveries: CommandDeliveryListener[] = [];
    const live = new LiveHub();
    const transport = () => broker.deviceTransport;
    const firstRetryMs = config.COMMAND_RETRY_SECONDS * 1000;
    const commands = new CommandService(db, transport, firstRetryMs);
    const limits = new DeviceLimits(deviceLimitSettings(config));
    const { pipeline, metrics } = channelIngest(app, {
      config,
      db,
      listeners,
      onCommitted(outcome) {
        commands.notify(outcome);
        live.publish(outcome);
        for (const after of outcome.afterCommit) after();
      },
    });
    const countRefused = metrics.countRefused.bind(metrics);
    const broker = new ChannelBroker(app, { config, db, live, limits, countRefused, sessionsDir: brokerSessionsDir });

    app.decorate('devices', {
      get brokerUrl() {
        return broker.url;
      },
      get brokerTlsUrl() {
        return broker.tlsUrl;
      },
      credentialsChanged: (change) => broker.credentialsChanged(change),
      sendCommand: commands.sendCommand.bind(commands),
      sendCommands: commands.sendCommands.bind(commands),
      awaitReply: commands.awaitReply.bind(commands),
      awaitData: commands.awaitData.bind(commands),
      refresh: commands.refresh.bind(commands),
      addSampleListener: (listener) => listeners.samples.push(listener),
      addReplyListener: (listener) => listeners.replies.push(listener),
      addDeliveryListener: (listener) => deliveries.push(listener),
      addEventListener: (listener) => listeners.events.push(listener),
      addMdloadListener: (listener) => listeners.mdloads.push(listener),
      metrics,
      brokerStatus: () => broker.status(),
      live,
      limitState: (username) => limits.state(username),
    } satisfies DeviceChannel);

    app.addHook('onReady', async () => {
      await broker.start(pipeline ? pipeline.submit.bind(pipeline) : null);
    });
    app.addHook('onClose', async () => {
      await broker.stopSyncing();
      commands.close();
      await pipeline?.stop();
      await broker.close();
      live.close();
    });

    scheduleChannelJobs(app, { config, db, live, transport, deliveries, firstRetryMs });
    await registerChannelRoutes(app, { config, db, live, metrics, broker });
  },
);

/** The address devices (and the in-process demo simulator) connect to; the app must be ready. */
export function deviceBrokerUrl(app: FastifyInstance): string {
  const url = app.devices.brokerUrl;
  if (!url) throw new Error('The device broker is not running (is the app ready, and INGEST on or MQTT_URL set?)');
  return url;
}
