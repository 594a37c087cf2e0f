import { parseTopic, TOPIC_ROOT } from '@cbm/contracts/device-protocol';
import mqtt from 'mqtt';
import type { Queryable } from '../src/db/database';

export interface LedgerCounts {
  /** Distinct battery telemetry messages (serial, seq) the broker passed on. */
  telemetry: number;
  /** Distinct battery events (serial, seq). */
  events: number;
  /** Every message of these batteries seen at the broker, redeliveries included. */
  messages: number;
  /**
   * Distinct (serial, resolution interval) of the telemetry: at a sample resolution each holds exactly one
   * sample, whatever was redelivered (0 without a resolution).
   */
  sampleIntervals: number;
}

/**
 * What the batteries whose serials start with `prefix` published, as seen by an extra subscriber
 * at the broker: the reference that load and scale-out tests compare the stored rows with.
 */
export async function messageLedger(brokerUrl: string, prefix: string, resolutionSeconds = 0) {
  const telemetry = new Map<string, Set<number>>();
  const intervals = new Map<string, Set<number>>();
  const resolutionMs = resolutionSeconds * 1000;
  const events = new Map<string, Set<number>>();
  let messages = 0;
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: `cbm-ledger-${prefix}`,
    protocolVersion: 5,
    // Mosquitto would otherwise send 20 at a time and drop beyond 1000 queued: the ledger must see everything.
    properties: { receiveMaximum: 65_535 },
    clean: true,
    reconnectPeriod: 0,
  });
  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    if (!parsed?.serial.startsWith(prefix) || parsed.channel === 'cmd') return;
    messages++;
    const target = parsed.channel === 'telemetry' ? telemetry : parsed.channel === 'event' ? events : undefined;
    if (!target) return;
    const { seq, ts } = JSON.parse(payload.toString('utf8')) as { seq?: unknown; ts?: unknown };
    if (typeof seq !== 'number') return;
    remember(target, parsed.serial, seq);
    if (target === telemetry && resolutionMs > 0 && typeof ts === 'string') {
      remember(intervals, parsed.serial, Math.floor(Date.parse(ts) / resolutionMs));
    }
  });
  // rh 2: retained info and status from earlier runs are not news.
  await client.subscribeAsync(`${TOPIC_ROOT}/battery/+/+`, { qos: 1, rh: 2 });
  const size = (map: Map<string, Set<number>>) => [...map.values()].reduce((sum, seqs) => sum + seqs.size, 0);
  return {
    counts: (): LedgerCounts => ({
      telemetry: size(telemetry),
      events: size(events),
      messages,
      sampleIntervals: size(intervals),
    }),
    close: () => client.endAsync(),
  };
}

function remember(seen: Map<string, Set<number>>, serial: string, value: number): void {
  const values = seen.get(serial) ?? new Set<number>();
  values.add(value);
  seen.set(serial, values);
}

export interface StoredCounts {
  samples: number;
  /** Sample rows beyond one per (serial, seq): stored twice. */
  sampleDuplicates: number;
  events: number;
  eventDuplicates: number;
}

/** Rows stored for the batteries whose serials start with `prefix`. */
export async function storedCounts(db: Queryable, prefix: string): Promise<StoredCounts> {
  const [row] = await db.query<StoredCounts>(
    `SELECT s.rows AS samples, s.rows - s.keys AS "sampleDuplicates", e.rows AS events, e.rows - e.keys AS "eventDuplicates"
       FROM (SELECT count(*)::int AS rows, count(DISTINCT (serial_number, seq))::int AS keys
               FROM battery_sample WHERE starts_with(serial_number, $1)) s,
            (SELECT count(*)::int AS rows, count(DISTINCT (serial_number, seq))::int AS keys
               FROM device_event WHERE device_class = 'battery' AND starts_with(serial_number, $1)) e`,
    [prefix],
  );
  return row as StoredCounts;
}
