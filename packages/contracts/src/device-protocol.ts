import { z } from 'zod';

/** Device protocol v1 (docs/protocol.md): MQTT topics and JSON payloads. */
export const PROTOCOL_VERSION = 'v1';
export const TOPIC_ROOT = `cbm/${PROTOCOL_VERSION}`;
/** Device topics of any protocol version (`cbm/v1/…`, `cbm/v2/…`): the platform hears them all and counts what it cannot read. */
export const ANY_VERSION_ROOT = 'cbm/+';
/** The version of a topic under `cbm/` that looks like one (`v2`), else undefined. */
export const topicVersion = (topic: string) => /^cbm\/(v\d+)\//.exec(topic)?.[1];

export const DEVICE_CLASSES = ['battery', 'charger', 'mdload'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const CHANNELS = ['telemetry', 'event', 'info', 'status', 'cmd', 'cmd/reply'] as const;
export type Channel = (typeof CHANNELS)[number];

const SERIAL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const serialSchema = z.string().regex(SERIAL);

export const topicFor = (deviceClass: DeviceClass, serial: string, channel: Channel) =>
  `${TOPIC_ROOT}/${deviceClass}/${serial}/${channel}`;

export interface ParsedTopic {
  deviceClass: DeviceClass;
  serial: string;
  channel: Channel;
}

/** Splits a device topic; undefined for anything that is not one. */
export function parseTopic(topic: string): ParsedTopic | undefined {
  const match = /^cbm\/v1\/([a-z]+)\/([^/]+)\/(telemetry|event|info|status|cmd|cmd\/reply)$/.exec(topic);
  if (!match) return undefined;
  const [, deviceClass, serial, channel] = match;
  if (!DEVICE_CLASSES.includes(deviceClass as DeviceClass) || !SERIAL.test(serial ?? '')) return undefined;
  return { deviceClass: deviceClass as DeviceClass, serial: serial as string, channel: channel as Channel };
}

const timestamp = z.iso.datetime({ offset: true });
const finite = z.number().finite();

/** Battery live states a device reports (state rules); online/offline/connected come from status. */
export const BATTERY_STATES = ['charging', 'discharging', 'standby', 'idle', 'error'] as const;
export const batteryStateSchema = z.enum(BATTERY_STATES);
export type BatteryState = z.infer<typeof batteryStateSchema>;

/** The status the platform shows per battery (state rules), derived as docs/protocol.md describes. */
export const BATTERY_LIVE_STATUSES = [
  'charging',
  'discharging',
  'standby',
  'idle',
  'online',
  'offline',
  'connected',
  'not connected',
  'silent',
  'error',
] as const;
export const batteryLiveStatusSchema = z.enum(BATTERY_LIVE_STATUSES);
export type BatteryLiveStatus = z.infer<typeof batteryLiveStatusSchema>;

/** Largest payload the platform accepts on any device topic. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/**
 * Largest MQTT packet a broker accepts from a device: the payload limit and room for the topic and headers.
 * A larger one is refused from its length header, before it is read (deploy/mosquitto: max_packet_size).
 */
export const MAX_PACKET_BYTES = MAX_PAYLOAD_BYTES + 512;

/**
 * `status` (retained). The last will publishes `{"online":false}` without `ts`: a will is fixed at
 * connect time, so the platform stamps it with the time it receives it.
 */
export const statusPayloadSchema = z.strictObject({ online: z.boolean(), ts: timestamp.optional() });
export type StatusPayload = z.infer<typeof statusPayloadSchema>;

/** Battery `telemetry`: one sample. Totals are lifetime counters like a meter. */
export const batteryTelemetrySchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  ts: timestamp,
  state: batteryStateSchema,
  soc: finite.min(0).max(100),
  soh: finite.min(0).max(100),
  stackVoltage: finite.min(0).max(1000),
  current: finite.min(-5000).max(5000),
  minCellVoltage: finite.min(0).max(10),
  maxCellVoltage: finite.min(0).max(10),
  minCellTemperature: finite.min(-60).max(150),
  maxCellTemperature: finite.min(-60).max(150),
  boardTemperature: finite.min(-60).max(150).optional(),
  chargerSerial: serialSchema.nullable().optional(),
  totalEnergyChargedKwh: finite.nonnegative(),
  totalEnergyDischargedKwh: finite.nonnegative(),
  totalChargingHours: finite.nonnegative(),
  totalDischargingHours: finite.nonnegative(),
  totalStandbyHours: finite.nonnegative(),
});
export type BatteryTelemetry = z.infer<typeof batteryTelemetrySchema>;

export const EVENT_TYPES = ['error', 'warning', 'limit', 'info'] as const;

/** `event`: errors, warnings, limits and info; `seq` makes a redelivery a no-op. */
export const deviceEventSchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  ts: timestamp,
  type: z.enum(EVENT_TYPES),
  code: z.string().min(1).max(32),
  description: z.string().max(500),
  category: z.string().max(64).optional(),
  /** true when the condition starts, false when it clears. */
  active: z.boolean(),
  attributes: z.record(z.string().max(64), z.union([z.string().max(500), finite, z.boolean(), z.null()])).optional(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** Battery `info` (retained): static data. */
export const batteryInfoSchema = z.strictObject({
  ts: timestamp,
  batteryType: z.string().min(1).max(64),
  product: z.string().max(128).optional(),
  hwSerial: z.string().max(64).optional(),
  ecuSerialNumber: z.string().max(64).optional(),
  displayId: z.string().max(64).optional(),
  versions: z
    .strictObject({
      bsp: z.string().max(32),
      bam: z.string().max(32),
      boot: z.string().max(32),
      firmware: z.string().max(32),
      hardware: z.string().max(32),
      iotHmi: z.string().max(32),
      iotSw: z.string().max(32),
    })
    .partial(),
  cellType: z.string().max(64).optional(),
  capacityAh: finite.positive().optional(),
  nominalEnergyKwh: finite.positive().optional(),
  nominalVoltage: finite.positive().optional(),
  moduleCount: z.number().int().positive().optional(),
  moduleElectronic: z.string().max(64).optional(),
  parameterSet: z.string().max(64).optional(),
  productionDate: z.iso.date().optional(),
  trayNumber: z.string().max(32).optional(),
});
export type BatteryInfo = z.infer<typeof batteryInfoSchema>;

/** Charger `telemetry`. */
export const chargerTelemetrySchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  ts: timestamp,
  state: z.enum(['idle', 'charging', 'error']),
  powerKw: finite.min(0).max(1000),
  batterySerial: serialSchema.nullable(),
});
export type ChargerTelemetry = z.infer<typeof chargerTelemetrySchema>;

/** Charger-station (mdload) `telemetry`: the unit's power and each station's. */
export const mdloadTelemetrySchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  ts: timestamp,
  powerKw: finite.min(0).max(10_000),
  totalEnergyKwh: finite.nonnegative(),
  stations: z
    .array(
      z.strictObject({
        serialNumber: serialSchema,
        powerKw: finite.min(0).max(1000),
        state: z.enum(['idle', 'charging', 'error']),
      }),
    )
    .max(256),
});
export type MdloadTelemetry = z.infer<typeof mdloadTelemetrySchema>;

export const COMMAND_TYPES = [
  'refresh',
  'datalogUpload',
  'remoteDebugging',
  'firmwareUpdate',
  'firmwareCancel',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** Remote debugging (SSH) stays enabled this long (state rules). */
export const REMOTE_DEBUGGING_MS = 60 * 60 * 1000;

/** `cmd`: what the platform asks of a device. */
export const commandSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: z.uuid(), issuedAt: timestamp, type: z.literal('refresh') }),
  z.strictObject({
    id: z.uuid(),
    issuedAt: timestamp,
    type: z.literal('datalogUpload'),
    datalogId: z.number().int().positive(),
    uploadUrl: z.url(),
  }),
  z.strictObject({ id: z.uuid(), issuedAt: timestamp, type: z.literal('remoteDebugging'), until: timestamp }),
  z.strictObject({
    id: z.uuid(),
    issuedAt: timestamp,
    type: z.literal('firmwareUpdate'),
    jobId: z.number().int().positive(),
    downloadUrl: z.url(),
    sha256: z.string().regex(/^[a-f0-9]{64}$/),
    expiresAt: timestamp,
    /** Firmware version of the image, when known: the battery reports it in `info` once the update has finished. */
    version: z.string().min(1).max(32).optional(),
  }),
  /** Drop a firmware update that has not begun installing (a cancelled campaign, decision 046). */
  z.strictObject({
    id: z.uuid(),
    issuedAt: timestamp,
    type: z.literal('firmwareCancel'),
    jobId: z.number().int().positive(),
  }),
]);
export type Command = z.infer<typeof commandSchema>;

/** Update job statuses (state rules). */
export const UPDATE_JOB_STATUSES = [
  'created',
  'started',
  'in progress',
  'successfully finished',
  'failed',
  'aborted',
  'rejected',
  'obsolete',
  'acknowledged',
  'executed',
  'discarded',
  'upload pending',
  'no answer',
] as const;
export const updateJobStatusSchema = z.enum(UPDATE_JOB_STATUSES);
export type UpdateJobStatus = z.infer<typeof updateJobStatusSchema>;

/** Job statuses a device reports in its replies; the others are the platform's (docs/protocol.md). */
export const DEVICE_JOB_STATUSES = [
  'acknowledged',
  'rejected',
  'upload pending',
  'started',
  'in progress',
  'executed',
  'successfully finished',
  'failed',
  'aborted',
] as const satisfies readonly UpdateJobStatus[];

/** A job in one of these is over: no reply changes it any more. */
export const FINAL_JOB_STATUSES = [
  'successfully finished',
  'failed',
  'aborted',
  'rejected',
  'obsolete',
  'discarded',
  'no answer',
] as const satisfies readonly UpdateJobStatus[];

/**
 * A command without a reply goes out again (same id) after COMMAND_RETRY_SECONDS, then after twice as long each time
 * up to this, until its deadline (decision 072).
 */
export const COMMAND_RETRY_MAX_MS = 60 * 60 * 1000;
/** How long a command without its own end (a firmware link's `expiresAt`, remote debugging's `until`) is tried. */
export const COMMAND_ANSWER_DEADLINE_MS = 24 * 60 * 60 * 1000;

/** `cmd/reply`: the device's answer; firmware updates report their job status. */
export const commandReplySchema = z.strictObject({
  id: z.uuid(),
  ts: timestamp,
  result: z.enum(['accepted', 'rejected', 'done', 'failed', 'progress']),
  jobStatus: updateJobStatusSchema.optional(),
  detail: z.string().max(500).optional(),
});
export type CommandReply = z.infer<typeof commandReplySchema>;
