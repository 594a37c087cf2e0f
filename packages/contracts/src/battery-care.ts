import { z } from 'zod';
import { whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { checkRange, serialListSchema, statisticsBatterySchema, timeRangeFields } from './statistics';

/** The care thresholds (docs/reports.md, "Care counters"). */
export const CARE = {
  /** A deep discharge: SoC falls below this (percent). */
  deepDischargeSoc: 10,
  /** Hot: the highest cell temperature above this (°C). */
  hotCellCelsius: 45,
  /** Parking: neither charging nor discharging, SoC below this (percent). */
  parkingSoc: 20,
  /** Deep-sleep risk: parked at low SoC for longer than this. */
  parkingDays: 7,
  /** An opportunity charge: a charge session starting at or above this SoC (percent). */
  opportunityStartSoc: 30,
  /** Intervals between samples longer than this are offline (as the roll-ups count). */
  maxGapMinutes: 15,
} as const;

/** Care score points taken per 30 days of the period, for each event or hour (docs/reports.md). */
export const CARE_SCORE_WEIGHTS = {
  deepDischarge: 10,
  deepSleepRisk: 25,
  hotHour: 2,
  hotChargingHour: 5,
} as const;
export const CARE_SCORE_DAYS = 30;
/** What took the most points off a care score: the ranking's reason. */
export const CARE_REASONS = Object.keys(CARE_SCORE_WEIGHTS) as (keyof typeof CARE_SCORE_WEIGHTS)[];
export type CareReason = (typeof CARE_REASONS)[number];
/** At most this many pieces of evidence per counter and battery (the counts are complete). */
export const CARE_EVIDENCE_MAX = 20;

export const careQuerySchema = z
  .object({
    operatingSiteId: operatingSiteIdSchema,
    ...timeRangeFields,
    /** The batteries to count; all of the site's without. */
    serials: serialListSchema,
  })
  .superRefine(checkRange, whenValid('from', 'to'));
export type CareQuery = z.infer<typeof careQuerySchema>;

const instant = z.string();
const socAt = z.object({ at: instant, soc: z.number() });

export const careCountersSchema = z.object({
  /** Time of online intervals (≤ 15 min) in the period: what the other counters could see. */
  onlineMs: z.number().int(),
  deepDischarges: z.number().int(),
  hotMs: z.number().int(),
  hotChargingMs: z.number().int(),
  deepSleepRisks: z.number().int(),
  opportunityCharges: z.number().int(),
});
export type CareCounters = z.infer<typeof careCountersSchema>;

/** Where each counter came from: the samples that started each event (the first CARE_EVIDENCE_MAX). */
export const careEvidenceSchema = z.object({
  deepDischarges: z.array(socAt),
  hotSpells: z.array(z.object({ from: instant, to: instant, maxCellTemperature: z.number() })),
  deepSleepRisks: z.array(z.object({ from: instant, through: instant, soc: z.number() })),
  opportunityCharges: z.array(socAt),
});
export type CareEvidence = z.infer<typeof careEvidenceSchema>;

export const careBatterySchema = z.object({
  serialNumber: z.string(),
  batteryName: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  /** Raw samples of the battery at the site inside the period; 0 where none are (left) stored. */
  samples: z.number().int(),
  /** Hours of the period counted from the care roll-ups (where no raw samples are kept); 0: samples alone. */
  rollupHours: z.number().int(),
  counters: careCountersSchema,
  /** 0–100, higher is better; null without online time in the period (nothing to judge). */
  careScore: z.number().int().nullable(),
  /** The weight that took the most points off; null when none did. */
  reason: z.enum(CARE_REASONS as [CareReason, ...CareReason[]]).nullable(),
  evidence: careEvidenceSchema,
});
export type CareBattery = z.infer<typeof careBatterySchema>;

export const careResponseSchema = z.object({
  timeZone: z.string(),
  /** The whole local days counted, inclusive. */
  firstDate: z.string(),
  lastDate: z.string(),
  days: z.number().int(),
  /** Worst care score first (batteries without samples last), then by serial. */
  batteries: z.array(careBatterySchema),
});
export type CareResponse = z.infer<typeof careResponseSchema>;

/** A battery counts as in use in an hour when it discharged (worked in a truck) for at least this long of it. */
export const IN_USE_MINUTES_PER_HOUR = 15;

export const rightSizingQuerySchema = z
  .object({ operatingSiteId: operatingSiteIdSchema, ...timeRangeFields })
  .superRefine(checkRange, whenValid('from', 'to'));

export const rightSizingSchema = z.object({
  timeZone: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  /** The site's batteries now. */
  fleetSize: z.number().int(),
  /** The most batteries in use in one hour of the period, and the first hour it happened; null: none in use. */
  peak: z.object({ inUse: z.number().int(), hour: instant }).nullable(),
  /** Per local hour of the day (0–23): the most batteries in use in that hour on any day of the period. */
  byHourOfDay: z.array(z.object({ hour: z.number().int(), peak: z.number().int() })),
  /** The site's batteries in use in no hour of the period. */
  unused: z.array(statisticsBatterySchema),
});
export type RightSizing = z.infer<typeof rightSizingSchema>;
