import { z } from 'zod';
import { isKnownTimeZone } from './admin';
import { knownValueRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/**
 * Charger-station statistics (entity fields, API calls): consumption, power and start-SoC for a time range, and the
 * range that has data. Chart shapes are ours (the spec does not show them): docs/decisions/016-charger-station-area.md.
 */
/** Power is shown per hour up to this many days, per day beyond. */
export const MDLOAD_POWER_HOURLY_MAX_DAYS = 7;

/** Start-SoC buckets (business constants): <20, <40, <60, <80, ≤100 %. */
export const START_SOC_BUCKETS = ['lt20', 'lt40', 'lt60', 'lt80', 'le100'] as const;
export type StartSocBucket = (typeof START_SOC_BUCKETS)[number];

const isoTime = z.iso.datetime({ offset: true, error: () => VALIDATION.invalidDateTime }).optional();

export const mdloadAvailableTimeQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/**
 * startTime/endTime: ISO times, the start of the first day and the start of the day after the last in timeZone.
 * The start is inclusive and the end exclusive, so adjacent ranges add up (docs/reports.md, charger station).
 * timeZone: the IANA zone whose local days are counted; without it, the site's own (decision 027).
 */
export const mdloadStatisticQuerySchema = z
  .object({
    operatingSiteId: operatingSiteIdSchema,
    timeZone: knownValueRule(isKnownTimeZone, VALIDATION.unknownTimeZone).optional(),
    startTime: isoTime,
    endTime: isoTime,
  })
  .superRefine((query, ctx) => {
    if (query.startTime && query.endTime && Date.parse(query.endTime) < Date.parse(query.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: VALIDATION.rangeOrder });
    }
  });
export type MdloadStatisticQuery = z.infer<typeof mdloadStatisticQuerySchema>;

/** The first and last sample time of the site's units and station charge sessions, unix seconds; null without data. */
export const mdloadAvailableTimeSchema = z.object({
  minStartTime: z.number().int().nullable(),
  maxEndTime: z.number().int().nullable(),
});
export type MdloadAvailableTime = z.infer<typeof mdloadAvailableTimeSchema>;

const unitSchema = z.object({ mdLoadSerial: z.string(), name: z.string() });

/**
 * GET …/consumption: energy per local day (YYYY-MM-DD in timeZone) and unit — the energy of the charge sessions
 * started that day on the chargers of the unit's stations — and the summary: total, the site's peak power (the
 * units' power summed per minute; null when it never rose above 0) and the cost at the site's price. Exact
 * decimals rounded half-up once: kWh and kW to 3 places, cost to 2 (docs/reports.md, charger station).
 */
export const mdloadConsumptionSchema = z.object({
  units: z.array(unitSchema),
  days: z.array(
    z.object({
      date: z.string(),
      totalKwh: z.number(),
      units: z.array(z.object({ mdLoadSerial: z.string(), kwh: z.number() })),
    }),
  ),
  summary: z.object({
    totalKwh: z.number(),
    peakPowerKw: z.number().nullable(),
    peakAt: z.string().nullable(),
    pricePerKwh: z.number(),
    currency: z.string(),
    cost: z.number(),
  }),
});
export type MdloadConsumption = z.infer<typeof mdloadConsumptionSchema>;

/** GET …/power: average and highest power per unit and hour (up to 7 days) or day; time = bucket start, unix s. */
export const mdloadPowerSchema = z.object({
  resolution: z.enum(['hour', 'day']),
  units: z.array(
    unitSchema.extend({
      points: z.array(z.object({ time: z.number().int(), avgPowerKw: z.number(), maxPowerKw: z.number() })),
    }),
  ),
});
export type MdloadPower = z.infer<typeof mdloadPowerSchema>;

const bucketCounts = z.array(z.object({ bucket: z.enum(START_SOC_BUCKETS), count: z.number().int() }));

/**
 * GET …/startsoc: charge sessions started in the range on the chargers assigned to the site's stations,
 * counted per start-SoC bucket, in all and per station.
 */
export const mdloadStartSocSchema = z.object({
  sessions: z.number().int(),
  buckets: bucketCounts,
  stations: z.array(z.object({ name: z.string(), serialNumber: z.string(), buckets: bucketCounts })),
});
export type MdloadStartSoc = z.infer<typeof mdloadStartSocSchema>;
