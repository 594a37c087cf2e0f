import { z } from 'zod';
import { batterySerialNumberSchema } from './admin';
import { ALARM_STATES } from './alarms';
import { batteryLiveStatusSchema } from './device-protocol';
import { operatingSiteIdSchema } from './sites';

/**
 * GET /api/v2/live/stream?operatingSiteId= — Server-Sent Events of the changed devices of one site or several
 * (`operatingSiteId` repeated or comma-separated, at most LIVE_STREAM_MAX_SITES; one stream against the caps).
 * Events: `ready` (`liveReadySchema`) once every site is watched, then `battery` and `mdload` with the new state
 * as JSON, `alert` (`liveAlertSchema` of ./alerts) when an alert of a site fires, and `alarm`
 * (`liveAlarmChangeSchema`) when alarms of a site open, are acknowledged or clear — the last two for users who may
 * see that product's alarms. Every change event's data carries the `operatingSiteId` it happened at.
 */
export const LIVE_EVENTS = ['ready', 'battery', 'mdload', 'alert', 'alarm'] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/**
 * A stream sends `ping` (data `{}`) this often, whatever else it carries: a reader that hears nothing for
 * LIVE_SILENT_AFTER_MS knows the stream is lost, even where the network dropped without closing it (decision 085).
 */
export const LIVE_HEARTBEAT_EVENT = 'ping';
export const LIVE_HEARTBEAT_MS = 3_000;
export const LIVE_SILENT_AFTER_MS = 5_000;

/** Screens kept live by the stream refetch at most this often on its events… */
export const LIVE_REFETCH_THROTTLE_MS = 2_000;
/** …and this often without any, in case an event was missed (a stream closed, or capped per user). */
export const LIVE_FALLBACK_REFETCH_MS = 30_000;

/**
 * The sites one stream may follow. Opening and every recheck read the user's sites per feature once, whatever the
 * number asked for (no query per site); the relay subscribes to a topic per site. 1,000 ids of up to 7 digits,
 * comma-separated, keep the URL within 8 KB, the request line a proxy such as nginx accepts by default.
 */
export const LIVE_STREAM_MAX_SITES = 1_000;

/** The events a stream carries besides `ready`; without `events`, all of them. */
export const LIVE_CHANGE_EVENTS = ['battery', 'mdload', 'alert', 'alarm'] as const;
export type LiveChangeEvent = (typeof LIVE_CHANGE_EVENTS)[number];

/**
 * `changes=health`: battery and charger-station events only when what the overview counts of the device changed
 * (`batteryHealthKey`, `stationState` of ./fleet-health), not every reading; `all` (the default) every change.
 */
export const LIVE_STREAM_CHANGES = ['all', 'health'] as const;
export type LiveStreamChanges = (typeof LIVE_STREAM_CHANGES)[number];

/** A query value given repeated or comma-separated, as a list. */
const listed = (value: unknown) =>
  (Array.isArray(value) ? value : [value]).flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : entry));

/**
 * `events=alarm` (comma-separated or repeated): only these events, e.g. for the alarm inbox, which has no use for
 * every battery's readings. `batterySerialNumber`: of the batteries, only this one's changes (a battery's page),
 * not the 2,000 a second of a 20,000-battery site.
 */
export const liveStreamQuerySchema = z.object({
  operatingSiteId: z.preprocess(listed, z.array(operatingSiteIdSchema).min(1).max(LIVE_STREAM_MAX_SITES)),
  events: z.preprocess(listed, z.array(z.enum(LIVE_CHANGE_EVENTS)).min(1)).optional(),
  changes: z.enum(LIVE_STREAM_CHANGES).default('all'),
  batterySerialNumber: batterySerialNumberSchema.optional(),
});

/** What the stream carries of a site: its batteries, its charger-station units, its alerts and alarms. */
export const liveSiteAccessSchema = z.object({
  operatingSiteId: z.number().int(),
  batteries: z.boolean(),
  mdloads: z.boolean(),
  alerts: z.boolean(),
});

/**
 * `ready`: every site in `sites`, in the order asked for; the fields beside it are those of the first site, as a
 * stream of one site has always sent them.
 */
export const liveReadySchema = liveSiteAccessSchema.extend({ sites: z.array(liveSiteAccessSchema) });
export type LiveReady = z.infer<typeof liveReadySchema>;

const nullableNumber = z.number().nullable();
const isoTime = z.string().nullable();

/** A battery's live state as the battery row holds it after ingestion. */
export const liveBatterySchema = z.object({
  batterySerialNumber: z.string(),
  status: batteryLiveStatusSchema,
  online: z.boolean().nullable(),
  soc: nullableNumber,
  soh: nullableNumber,
  stackVoltage: nullableNumber,
  current: nullableNumber,
  minCellTemperature: nullableNumber,
  maxCellTemperature: nullableNumber,
  minCellVoltage: nullableNumber,
  maxCellVoltage: nullableNumber,
  lastDataTimestamp: isoTime,
  currentErrorCode: z.string().nullable(),
  lastErrorAt: isoTime,
});
export type LiveBattery = z.infer<typeof liveBatterySchema>;

export const MDLOAD_STATION_STATES = ['idle', 'charging', 'error'] as const;

/** A charger-station unit's twin, matched by mdLoadSerial (state rules). */
export const liveMdloadSchema = z.object({
  mdLoadSerial: z.string(),
  status: z.enum(['not connected', 'offline', 'online', 'charging', 'idle', 'error']),
  online: z.boolean().nullable(),
  powerKw: nullableNumber,
  totalEnergyKwh: nullableNumber,
  lastDataTimestamp: isoTime,
  stations: z.array(
    z.object({ serialNumber: z.string(), state: z.enum(MDLOAD_STATION_STATES).nullable(), powerKw: nullableNumber }),
  ),
});
export type LiveMdload = z.infer<typeof liveMdloadSchema>;

/**
 * Alarms of one site and product that changed together (one transaction): what the inbox and the overview
 * refetch on (docs/decisions/044-live-cockpit-and-alarm-retention.md). `state` is the state they reached.
 */
export const liveAlarmChangeSchema = z.object({
  operatingSiteId: z.number().int(),
  product: z.enum(['battery', 'mdload']),
  state: z.enum(ALARM_STATES),
  alarmIds: z.array(z.number().int()),
});
export type LiveAlarmChange = z.infer<typeof liveAlarmChangeSchema>;
