import { z } from 'zod';
import { operatingSiteIdSchema } from './sites';

/** SoH at which a pack is at its end of life (the usual warranty line for traction batteries). */
export const END_OF_LIFE_SOH = 80;
/** A projection needs at least this many days with data, spanning at least as many days. */
export const PROJECTION_MIN_DAYS = 30;
/** Projections rest on the newest days of history, at most this many. */
export const PROJECTION_BASIS_DAYS = 365;
/** Dates further out than this are not projected ("not within 30 years"). */
export const PROJECTION_HORIZON_YEARS = 30;

export const lifecycleQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const lifecycleParamsSchema = z.object({ serial: z.string().trim().min(1).max(100) });

const date = z.string();

/**
 * When a figure reaches its limit, by a Theil–Sen line through the basis days: `date` the median slope's
 * crossing, `earliest`/`latest` those of the slope's 95 % confidence bounds (null: not within the horizon).
 */
export const projectionSchema = z.object({
  status: z.enum(['projected', 'reached', 'notEnoughHistory', 'noTrend']),
  date: date.nullable(),
  earliest: date.nullable(),
  latest: date.nullable(),
  basis: z.object({
    from: date.nullable(),
    to: date.nullable(),
    days: z.number().int(),
    perYear: z.number().nullable(),
  }),
});
export type Projection = z.infer<typeof projectionSchema>;

export const lifecycleSchema = z.object({
  serialNumber: z.string(),
  /** Daily SoH from the day rows (the lowest of the day where the battery was at two sites). */
  sohSeries: z.array(z.object({ date, soh: z.number() })),
  soh: z.object({ current: z.number().nullable(), endOfLife: z.number(), projection: projectionSchema }),
  energy: z.object({
    /** The lifetime discharge counter of the newest rolled-up sample. */
    dischargedKwh: z.number().nullable(),
    equivalentFullCycles: z.number().nullable(),
    limitKwh: z.number().nullable(),
    projection: projectionSchema,
  }),
  hours: z.object({
    /** Operating hours in the day rows (the recorded history, from `since`). */
    operatingHours: z.number(),
    since: date.nullable(),
    limitHours: z.number().nullable(),
    projection: projectionSchema,
  }),
  months: z.object({
    months: z.number().int().nullable(),
    limitMonths: z.number().int().nullable(),
    /** Production date plus the limit's months. */
    limitDate: date.nullable(),
  }),
});
export type Lifecycle = z.infer<typeof lifecycleSchema>;

/** The replacement plan's horizons: what falls due within 3, 6 and 12 months. */
export const REPLACEMENT_HORIZONS_MONTHS = [3, 6, 12] as const;

export const replacementQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/** What ends a battery's service first: SoH at end of life, or one of its operating limits. */
export const replacementReasonSchema = z.enum(['soh', 'energy', 'hours', 'months']);
export type ReplacementReason = z.infer<typeof replacementReasonSchema>;

export const replacementBatterySchema = z.object({
  serialNumber: z.string(),
  batteryName: z.string(),
  groupName: z.string().nullable(),
  reason: replacementReasonSchema,
  /** `reached`: already there (due now); `projected`: on `date`, within the band `earliest`–`latest`. */
  status: z.enum(['reached', 'projected']),
  date: date,
  earliest: date.nullable(),
  latest: date.nullable(),
  nominalEnergyKwh: z.number().nullable(),
  /** Nominal energy × the site's replacement price; null where either is unknown. */
  cost: z.number().nullable(),
});
export type ReplacementBattery = z.infer<typeof replacementBatterySchema>;

export const replacementPlanSchema = z.object({
  today: date,
  currency: z.string(),
  /** The site's replacement battery price per kWh of nominal energy (site settings); null: not set. */
  batteryPricePerKwh: z.number().nullable(),
  horizons: z.array(
    z.object({
      months: z.number().int(),
      until: date,
      batteries: z.number().int(),
      /** The due batteries' cost; null when the price is not set or a due battery's energy is unknown. */
      cost: z.number().nullable(),
    }),
  ),
  /** Every battery due within the longest horizon, soonest first. */
  batteries: z.array(replacementBatterySchema),
  /** The site's batteries whose history is too short to project anything yet. */
  notEnoughHistory: z.number().int(),
});
export type ReplacementPlan = z.infer<typeof replacementPlanSchema>;
