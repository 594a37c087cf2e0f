import {
  type BatteryInfo,
  type BatteryTelemetry,
  batteryInfoSchema,
  batteryTelemetrySchema,
  type ChargerTelemetry,
  type CommandReply,
  chargerTelemetrySchema,
  commandReplySchema,
  type DeviceClass,
  type DeviceEvent,
  deviceEventSchema,
  MAX_PAYLOAD_BYTES,
  type MdloadTelemetry,
  mdloadTelemetrySchema,
  PROTOCOL_VERSION,
  parseTopic,
  type StatusPayload,
  statusPayloadSchema,
  topicVersion,
} from '@cbm/contracts/device-protocol';
import type { RejectionReason } from '@cbm/contracts/ingest-metrics';
import type { z } from 'zod';

/** A device message as the broker hands it over. */
export interface RawDeviceMessage {
  topic: string;
  payload: Buffer;
  receivedAt: Date;
}

interface Envelope<C extends DeviceClass, K extends string, P> {
  deviceClass: C;
  kind: K;
  serial: string;
  payload: P;
  /** The message's time: its `ts`, or when it arrived (a last will has none). */
  ts: Date;
  receivedAt: Date;
  /**
   * Where the message sorts into the live state: `ts`, but at most LIVE_AHEAD_TOLERANCE_MS after it
   * arrived, so a device clock ahead cannot freeze the live state until its time (decision 022).
   */
  liveAt: Date;
}

/** One envelope type per device class, so that narrowing on deviceClass works. */
type ForEachClass<K extends string, P> = { [C in DeviceClass]: Envelope<C, K, P> }[DeviceClass];

export type DeviceMessage =
  | Envelope<'battery', 'telemetry', BatteryTelemetry>
  | Envelope<'charger', 'telemetry', ChargerTelemetry>
  | Envelope<'mdload', 'telemetry', MdloadTelemetry>
  | Envelope<'battery', 'info', BatteryInfo>
  | ForEachClass<'event', DeviceEvent>
  | ForEachClass<'status', StatusPayload>
  | ForEachClass<'reply', CommandReply>;

export type MessageOf<C extends DeviceClass> = Extract<DeviceMessage, { deviceClass: C }>;

export const messagesOf = <C extends DeviceClass>(messages: readonly DeviceMessage[], deviceClass: C) =>
  messages.filter((message): message is MessageOf<C> => message.deviceClass === deviceClass);

export interface Rejection {
  reason: RejectionReason;
  /** The device it claimed to come from, when the topic told. */
  serial?: string;
  detail: string;
}

export type ParseResult = { message: DeviceMessage } | { rejection: Rejection };

/** Devices may be offline for a while and send their backlog, but not from before this. */
const MAX_AGE_MS = 366 * 24 * 3_600_000;
/** Device clocks run a little ahead at times; more than this is wrong. */
const MAX_AHEAD_MS = 10 * 60_000;
/** How far ahead of its arrival a message's `ts` counts for the live state (docs/protocol.md §4). */
export const LIVE_AHEAD_TOLERANCE_MS = 5_000;

/** What ingestion made of a message: taken in (stored or refused for what it says), or malformed or invalid. */
export type SinkVerdict = 'accepted' | 'malformed';

/** Topic, JSON and schema checks of one message; never throws. */
export function parseDeviceMessage(raw: RawDeviceMessage): ParseResult {
  const topic = parseTopic(raw.topic);
  const version = topicVersion(raw.topic);
  if (!topic && version && version !== PROTOCOL_VERSION) {
    return reject('unsupported-version', raw.topic.slice(0, 200));
  }
  if (!topic || topic.channel === 'cmd' || (topic.channel === 'info' && topic.deviceClass !== 'battery')) {
    return reject('invalid-topic', raw.topic.slice(0, 200));
  }
  const { deviceClass, serial } = topic;
  if (raw.payload.length > MAX_PAYLOAD_BYTES) return reject('too-large', `${raw.payload.length} bytes`, serial);
  let json: unknown;
  try {
    json = JSON.parse(raw.payload.toString('utf8'));
  } catch {
    return reject('invalid-json', 'payload is not JSON', serial);
  }
  const envelope = <K extends string, S extends z.ZodType>(kind: K, schema: S) => {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reject('invalid-payload', `${issue?.path.join('.') || '(root)'}: ${issue?.message}`, serial);
    }
    const payload = parsed.data as z.infer<S> & { ts?: string };
    const ts = payload.ts ? new Date(payload.ts) : raw.receivedAt;
    const age = raw.receivedAt.getTime() - ts.getTime();
    if (age > MAX_AGE_MS || age < -MAX_AHEAD_MS) return reject('timestamp-out-of-range', payload.ts ?? '', serial);
    const latest = raw.receivedAt.getTime() + LIVE_AHEAD_TOLERANCE_MS;
    const liveAt = ts.getTime() > latest ? new Date(latest) : ts;
    const message = { deviceClass, kind, serial, payload, ts, receivedAt: raw.receivedAt, liveAt };
    return { message: message as unknown as DeviceMessage };
  };
  switch (topic.channel) {
    case 'telemetry':
      if (deviceClass === 'battery') return envelope('telemetry', batteryTelemetrySchema);
      return envelope('telemetry', deviceClass === 'charger' ? chargerTelemetrySchema : mdloadTelemetrySchema);
    case 'info':
      return envelope('info', batteryInfoSchema);
    case 'event':
      return envelope('event', deviceEventSchema);
    case 'status':
      return envelope('status', statusPayloadSchema);
    default:
      return envelope('reply', commandReplySchema);
  }
}

function reject(reason: RejectionReason, detail: string, serial?: string): ParseResult {
  return { rejection: { reason, detail, serial } };
}
