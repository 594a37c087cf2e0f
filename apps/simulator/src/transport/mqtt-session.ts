import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Clock } from '../clock';
import { type FleetCounters, QOS, RECONNECT_MS } from './transport';

/**
 * One MQTT connection with a persistent session: a stable client id and clean: false, so the broker
 * keeps subscriptions and queued commands, and the client resends anything unacknowledged after a
 * reconnect. Counts what it sends and what the broker acknowledges.
 */
export interface MqttSession {
  client: MqttClient;
  readonly connected: Promise<void>;
  inFlight(): number;
  publish(topic: string, payload: unknown, retain: boolean): void;
  /** Cuts the network without a DISCONNECT (so the broker publishes the last will) and restores it later. */
  dropOut(durationMs: number): void;
  end(): Promise<void>;
}

export function openSession(
  brokerUrl: string,
  options: IClientOptions & { clientId: string },
  counters: FleetCounters,
  clock: Clock,
): MqttSession {
  const client = connect(brokerUrl, {
    ...options,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 10_000,
  });
  let unacked = 0;
  let restore: (() => void) | null = null;
  // Connection errors are expected during drop-outs and broker restarts; mqtt.js keeps reconnecting.
  client.on('error', () => {});
  let online = false;
  client.on('connect', () => {
    online = true;
  });
  client.on('close', () => {
    if (online) counters.connectionLosses++;
    online = false;
  });
  const connected = new Promise<void>((resolve) => client.once('connect', () => resolve()));
  let onDrained: (() => void) | null = null;
  const drained = async (timeoutMs: number) => {
    if (unacked > 0 && online) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        onDrained = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
      clearTimeout(timer);
    }
    return unacked === 0;
  };
  return {
    client,
    connected,
    inFlight: () => unacked,
    publish(topic, payload, retain) {
      counters.sent++;
      unacked++;
      client.publish(topic, JSON.stringify(payload), { qos: QOS, retain }, (error) => {
        unacked--;
        if (error) counters.failed++;
        else {
          counters.acked++;
          counters.ledger?.acknowledged(topic, payload);
        }
        if (unacked === 0) onDrained?.();
      });
    },
    dropOut(durationMs) {
      if (restore) return;
      client.options.reconnectPeriod = 0;
      client.stream.destroy();
      restore = clock.after(durationMs, () => {
        restore = null;
        client.options.reconnectPeriod = RECONNECT_MS;
        // Keep the stores: they hold what was published while offline, to be resent now.
        client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
      });
    },
    async end() {
      restore?.();
      // A clean DISCONNECT once everything is acknowledged; otherwise close without waiting forever.
      await client.endAsync(!(await drained(5_000)));
    },
  };
}
