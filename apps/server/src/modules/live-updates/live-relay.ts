import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { firstConnection } from '../device-broker/mqtt-connection';
import type { LiveChanges, LiveRelay } from './live-hub';
import { liveChangesSchema } from './live-hub';

/**
 * Live changes between the replicas of one deployment (its share group), QoS 0, per site and publisher:
 * `cbm/internal/{group}/live/{siteId}/{publisher}`. A replica shows its own changes at once (the hub) and
 * skips them by topic when the broker brings them back, without reading them. Devices must not be allowed
 * to publish there (broker ACL).
 */
const siteTopic = (shareGroup: string, siteId: number) => `cbm/internal/${shareGroup || 'cbm'}/live/${siteId}`;

/**
 * Changes are dropped (QoS 0) while the connection's write buffer holds more than this or it is down, instead of
 * piling up in memory behind a busy broker: screens catch up with their fallback refetch (LIVE_FALLBACK_REFETCH_MS).
 */
const RELAY_BUFFER_BYTES = 8 * 1024 * 1024;

export interface LiveRelayOptions {
  url: string;
  /** The replica's MQTT_CLIENT_ID; this connection uses it with a `-live` suffix. */
  clientId: string;
  shareGroup: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Changes of a watched site, relayed by another replica. */
  onLive(changes: LiveChanges): void;
  connectTimeoutMs?: number;
}

/**
 * The relay over an external broker, on a connection of its own with a clean session: a replica
 * subscribes to a site's changes only while a browser of its own watches the site, and a restart
 * leaves no subscriptions behind in a persistent session (the ingest connection keeps one).
 */
export async function connectLiveRelay(options: LiveRelayOptions): Promise<LiveRelay & { close(): Promise<void> }> {
  const { log } = options;
  const client = mqtt.connect(options.url, {
    clientId: `${options.clientId}-live`,
    // Plain MQTT 3.1.1 is all it takes: QoS 0, clean session.
    protocolVersion: 4,
    clean: true,
    queueQoSZero: false,
    reconnectPeriod: 1000,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
  });
  const publisher = randomBytes(6).toString('hex');
  const ownSuffix = `/${publisher}`;
  client.on('message', (topic, payload) => {
    if (topic.endsWith(ownSuffix)) return;
    try {
      const changes = liveChangesSchema.safeParse(JSON.parse(payload.toString('utf8')));
      if (changes.success) options.onLive(changes.data);
      else log.warn({ issues: changes.error.issues.slice(0, 3) }, 'live relay message refused');
    } catch (error) {
      log.warn({ err: error }, 'live relay message refused');
    }
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT live relay connection'));
  await firstConnection(client, options.url, options.connectTimeoutMs ?? 10_000);

  let dropped = 0;
  return {
    send(changes) {
      if (!client.connected || client.stream.writableLength > RELAY_BUFFER_BYTES) {
        if (dropped++ === 0) log.warn('live relay behind: changes dropped until the broker takes them again');
        return;
      }
      if (dropped > 0) log.warn({ dropped }, 'live relay caught up');
      dropped = 0;
      client.publish(`${siteTopic(options.shareGroup, changes.siteId)}${ownSuffix}`, JSON.stringify(changes), {
        qos: 0,
      });
    },
    async watch(siteId) {
      try {
        await client.subscribeAsync(`${siteTopic(options.shareGroup, siteId)}/+`, { qos: 0 });
      } catch (error) {
        log.warn({ err: error, siteId }, 'live relay subscription failed');
      }
    },
    async unwatch(siteId) {
      try {
        await client.unsubscribeAsync(`${siteTopic(options.shareGroup, siteId)}/+`);
      } catch (error) {
        log.warn({ err: error, siteId }, 'live relay unsubscription failed');
      }
    },
    async close() {
      await client.endAsync();
    },
  };
}
