import { z } from 'zod';
import { batteryStateSchema } from './device-protocol';
import { batterySerialParamsSchema } from './live-view';
import { operatingSiteIdSchema } from './sites';

/** A series has at most this many points: the server averages the samples of each bucket. */
export const PROFILE_MAX_POINTS = 1000;
/** The longest range one request may ask for. */
export const PROFILE_MAX_RANGE_DAYS = 366;

const instant = z.iso.datetime({ offset: true });

export const profileParamsSchema = batterySerialParamsSchema;
export const profileSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/** from < to, at most PROFILE_MAX_RANGE_DAYS apart (checked by the handler, with a message of its own). */
export const profileQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema, from: instant, to: instant });
export type ProfileQuery = z.infer<typeof profileQuerySchema>;

/**
 * One bucket of samples: averages of SoC, current and stack voltage, the lowest and highest cell
 * figures, the state most samples had. All null (and samples 0) when the bucket holds no sample.
 */
export const profilePointSchema = z.object({
  /** Start of the bucket. */
  ts: instant,
  samples: z.number().int(),
  state: batteryStateSchema.nullable(),
  soc: z.number().nullable(),
  current: z.number().nullable(),
  voltage: z.number().nullable(),
  minCellVoltage: z.number().nullable(),
  maxCellVoltage: z.number().nullable(),
  minCellTemperature: z.number().nullable(),
  maxCellTemperature: z.number().nullable(),
  boardTemperature: z.number().nullable(),
});
export type ProfilePoint = z.infer<typeof profilePointSchema>;

export const profileSettingsSchema = z.object({
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  batteryType: z.string(),
  /** Detailed profiling is on. */
  hasProfiling: z.boolean(),
  /** YYYY-MM-DD: the first day detailed profiling was on; null when it never was. */
  profileAvailableFrom: z.string().nullable(),
  /** The site's IANA time zone, for the time axis. */
  timezone: z.string(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const batteryProfileSchema = profileSettingsSchema.extend({
  from: instant,
  to: instant,
  bucketSeconds: z.number().int(),
  points: z.array(profilePointSchema),
});
export type BatteryProfile = z.infer<typeof batteryProfileSchema>;

/** POST /battery/Profile/{serial}: switch detailed profiling on or off. */
export const profileSettingsBodySchema = z.object({ hasProfiling: z.boolean() });
export type ProfileSettingsBody = z.infer<typeof profileSettingsBodySchema>;

/** Bucket width for a range: whole seconds, so that the range fits into PROFILE_MAX_POINTS buckets. */
export function profileBucketSeconds(fromMs: number, toMs: number): number {
  return Math.max(1, Math.ceil((toMs - fromMs) / 1000 / PROFILE_MAX_POINTS));
}

/** The battery page lists at most this many of a range's charge sessions, the newest first. */
export const CHARGE_SESSIONS_MAX = 200;

/**
 * One charge session of the battery (decision 028's attribution): when it started and ended, SoC at both ends,
 * the energy charged (kWh, three decimals as every document writes it) and the charger; open while it runs.
 */
export const chargeSessionSchema = z.object({
  startAt: instant,
  endAt: instant,
  startSoc: z.number(),
  endSoc: z.number(),
  energyKwh: z.string(),
  chargerSerial: z.string().nullable(),
  open: z.boolean(),
});
export type ChargeSession = z.infer<typeof chargeSessionSchema>;

/** GET /battery/Profile/{serial}/sessions: the sessions overlapping the range (profileQuerySchema). */
export const chargeSessionsSchema = z.object({
  sessions: z.array(chargeSessionSchema),
  /** More sessions overlap the range than CHARGE_SESSIONS_MAX. */
  truncated: z.boolean(),
});
export type ChargeSessions = z.infer<typeof chargeSessionsSchema>;
