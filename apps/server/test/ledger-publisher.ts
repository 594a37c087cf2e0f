import { EventEmitter, once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt from 'mqtt';
import type { Queryable } from '../src/db/database';
import type { MqttCredentials } from './mqtt-devices';
import { deviceEvent, json, telemetry } from './mqtt-devices';

const MESSAGES = { event: deviceEvent, telemetry };

/**
 * A gateway publishing battery events (or telemetry) at QoS 1 over MQTT 3.1.1 (persistent session), at most
 * `inFlight` unacknowledged, moving to the next of `urls` whenever its broker goes away; message `seq` belongs to
 * battery `seq % serials.length`. `acknowledged` is its own ledger: `serial/seq` of every PUBACK it received.
 */
export function ledgerPublisher(
  urls: string[],
  gateway: MqttCredentials,
  serials: string[],
  inFlight = 20,
  channel: keyof typeof MESSAGES = 'event',
) {
  const servers = urls.map((url) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) }));
  const device = mqtt.connect({
    servers,
    protocolVersion: 4,
    ...gateway,
    clean: false,
    reconnectPeriod: 200,
  });
  const acks = new EventEmitter();
  const acknowledged = new Set<string>();
  const start = Date.now() - 3_600_000;
  let pending = 0;
  let paused = false;
  let stopped = false;
  device.on('error', () => undefined);
  const send = (seq: number) => {
    const serial = serials[seq % serials.length] as string;
    const message = MESSAGES[channel](seq, new Date(start + seq * 1000));
    device.publish(topicFor('battery', serial, channel), json(message), { qos: 1 }, (error) => {
      if (error) return; // only when the publisher ends with events in flight: the test then fails on its counts
      pending--;
      acknowledged.add(`${serial}/${seq}`);
      acks.emit('ack');
    });
  };
  let sent = 0;
  return {
    acknowledged,
    get sent() {
      return sent;
    },
    /**
     * Publishes the next `count` events (after those sent before), waiting for room in the window, at most
     * `perSecond`, until `stop`.
     */
    async publish(count: number, perSecond = Number.POSITIVE_INFINITY) {
      const started = performance.now();
      for (let n = 1; n <= count && !stopped; n++) {
        while ((pending >= inFlight || paused) && !stopped) await once(acks, 'ack');
        const due = started + (n * 1000) / perSecond - performance.now();
        if (due > 0) await delay(due);
        if (stopped) return;
        pending++;
        send(++sent);
      }
    },
    /** Sends nothing more (a `publish` under way returns); what is in flight may still be acknowledged. */
    stop() {
      stopped = true;
      acks.emit('ack');
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      acks.emit('ack');
    },
    async acknowledgedAtLeast(count: number) {
      while (acknowledged.size < count) await once(acks, 'ack');
    },
    end: () => device.endAsync(true),
  };
}

/** SQL's side of the ledger: `serial/seq` → the rows of `table` that hold it, for the given batteries. */
export async function storedCopies(
  db: Queryable,
  table: 'device_event' | 'battery_sample',
  serials: string[],
): Promise<Map<string, number>> {
  const rows = await db.query<{ key: string; copies: number }>(
    `SELECT serial_number || '/' || seq AS key, count(*)::int AS copies FROM ${table}
      WHERE serial_number = ANY($1) GROUP BY 1`,
    [serials],
  );
  return new Map(rows.map((row) => [row.key, row.copies]));
}
