import { z } from 'zod';
import { alarmSchema } from './alarms';
import { eventRowSchema } from './events';
import { operatingSiteIdSchema } from './sites';

/** The longest range one request may ask for (as the profile analysis). */
export const HISTORY_MAX_RANGE_DAYS = 366;
/** A chart has at most this many buckets: whole hours of the roll-ups, as many per bucket as needed. */
export const HISTORY_MAX_POINTS = 400;
/** Without a range the page opens on this many days ending with the battery's newest roll-up hour. */
export const HISTORY_OPENING_DAYS = 7;
/** The timeline lists at most this many events and this many alarms of the range, newest first. */
export const HISTORY_TIMELINE_MAX = 50;
/** The timeline's event columns: when, what kind, which error and whether it was raised or cleared. */
export const HISTORY_EVENT_COLUMNS = ['Timestamp', 'EventType', 'ErrorCode', 'ErrorDescription', 'Event'] as const;

const instant = z.iso.datetime({ offset: true });

/** Both or neither: without them the server picks a range that has data (HISTORY_OPENING_DAYS). */
export const historyQuerySchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  from: instant.optional(),
  to: instant.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** A range both ends given: the events and alarms of the range the trend shows. */
export const historyRangeQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema, from: instant, to: instant });
export type HistoryRangeQuery = z.infer<typeof historyRangeQuerySchema>;

/**
 * One bucket of the hour roll-ups (decision 006): lowest and highest SoC, energy charged and discharged (kWh),
 * and hours spent charging, discharging, in standby, idle, in error and without data. All null (hours 0) when
 * the bucket holds no roll-up.
 */
export const historyPointSchema = z.object({
  /** Start of the bucket. */
  ts: instant,
  minSoc: z.number().nullable(),
  maxSoc: z.number().nullable(),
  chargedKwh: z.number().nullable(),
  dischargedKwh: z.number().nullable(),
  chargingHours: z.number(),
  dischargingHours: z.number(),
  standbyHours: z.number(),
  idleHours: z.number(),
  errorHours: z.number(),
  offlineHours: z.number(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** GET /battery/History/{serial} (cbm_liveview): the battery's trend over the roll-ups (decision 115). */
export const batteryHistorySchema = z.object({
  batterySerialNumber: z.string(),
  /** The site's IANA time zone. */
  timezone: z.string(),
  from: instant,
  to: instant,
  bucketSeconds: z.number().int(),
  /** The first and the newest hour with roll-ups of the battery at this site; null when there is none. */
  dataFrom: instant.nullable(),
  dataTo: instant.nullable(),
  points: z.array(historyPointSchema),
});
export type BatteryHistory = z.infer<typeof batteryHistorySchema>;

/** GET /battery/History/{serial}/timeline (cbm_liveview): the range's events and alarms, newest first. */
export const batteryTimelineSchema = z.object({
  events: z.array(eventRowSchema),
  alarms: z.array(alarmSchema),
  /** More events or alarms fall in the range than HISTORY_TIMELINE_MAX. */
  truncated: z.boolean(),
});
export type BatteryTimeline = z.infer<typeof batteryTimelineSchema>;
