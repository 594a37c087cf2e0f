import { z } from 'zod';
import { isKnownTimeZone } from './admin';
import { UNGROUPED } from './battery-groups';
import { whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** Entity fields: statistics types, group-by and granularity. */
export const STATISTICS_TYPES = ['startsoc', 'availability', 'totalenergy', 'co2'] as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[number];
export const STATISTICS_GROUP_BY = ['organization', 'group', 'serial'] as const;
export type StatisticsGroupBy = (typeof STATISTICS_GROUP_BY)[number];
export const STATISTICS_GRANULARITIES = ['month', 'week', 'day'] as const;
export type StatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];

/** The longest range one call may ask for (a year in daily resolution is the largest chart). */
export const STATISTICS_MAX_RANGE_DAYS = 1_100;
/** At most this many groups or serials per call (a query string stays below common URL limits). */
export const STATISTICS_MAX_SELECTION = 1_000;

/**
 * The figures each type answers, one array per figure aligned with `periods`. Start SoC: sessions
 * started per bucket (<20, <40, <60, <80, ≤100 %) and the box plot of their start SoC (null without
 * sessions); availability: hours with SoC below 20 % and at or above; energy in kWh; CO2 in kg.
 */
export const STATISTICS_METRICS = {
  startsoc: ['below20', 'below40', 'below60', 'below80', 'upTo100', 'min', 'q1', 'median', 'q3', 'max'],
  availability: ['lowSocHours', 'availableHours'],
  totalenergy: ['chargedKwh', 'dischargedKwh'],
  co2: ['co2Kg'],
} as const satisfies Record<StatisticsType, readonly string[]>;
export type StatisticsMetric = (typeof STATISTICS_METRICS)[StatisticsType][number];
export const START_SOC_BUCKET_METRICS = STATISTICS_METRICS.startsoc.slice(0, 5);
export const START_SOC_BOX_METRICS = STATISTICS_METRICS.startsoc.slice(5);

const isMissing = (input: unknown) => input === undefined || input === null || input === '';
const required = (message: string) => ({ error: () => message });
/** "X is required" when missing; zod's list of the allowed values when something else was sent. */
export const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: (issue) => (isMissing(issue.input) ? message : undefined) });

/** An instant in ISO 8601 with its offset; `message` when it is missing. */
const instantRule = (message: string) =>
  z
    .string(required(message))
    .min(1, message)
    .pipe(z.iso.datetime({ offset: true, error: () => VALIDATION.invalidDateTime }));

export const timeZoneRule = z
  .string(required(VALIDATION.timeZoneRequired))
  .min(1, VALIDATION.timeZoneRequired)
  .refine(isKnownTimeZone, VALIDATION.unknownTimeZone);

/** Query lists: repeated parameters or one comma-separated value; missing is empty. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(item).max(STATISTICS_MAX_SELECTION),
  );

export const serialListSchema = listOf(z.string().trim().min(1).max(100));
/** A group of the site, or Ungrouped: the site's batteries without a group. */
export const statisticsGroupIdSchema = z.union([
  z.literal(UNGROUPED),
  z.coerce.number().int().positive().max(2_147_483_647),
]);
export type StatisticsGroupId = z.infer<typeof statisticsGroupIdSchema>;
export const groupIdListSchema = listOf(statisticsGroupIdSchema);

/**
 * A range of instants, `from` inclusive and `to` exclusive (as the time-range input gives it). Figures
 * are counted per whole local day of `timeZone`: a range is widened to the days it touches. Decision 027.
 */
export const timeRangeFields = {
  from: instantRule(VALIDATION.startTimeRequired),
  to: instantRule(VALIDATION.endTimeRequired),
  /** Without one, the site's own zone (its settings; Europe/Berlin where none is set, business constants). */
  timeZone: timeZoneRule.optional(),
};

export function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  if (Date.parse(range.from) > Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: VALIDATION.rangeInFuture });
  } else if (days <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: VALIDATION.rangeOrder });
  else if (days > STATISTICS_MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: VALIDATION.rangeTooLong,
      params: { n: STATISTICS_MAX_RANGE_DAYS },
    });
  }
}

/** With groupBy=group the groups, with groupBy=serial the batteries are required. */
function checkSelection(
  query: { groupBy: StatisticsGroupBy; groupIds: readonly StatisticsGroupId[]; serials: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  if (query.groupBy === 'group' && query.groupIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['groupIds'], message: VALIDATION.groupRequired });
  }
  if (query.groupBy === 'serial' && query.serials.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['serials'], message: VALIDATION.serialRequired });
  }
}

/** Every rule runs even when other fields failed: an empty form gets all its messages at once. */
export const statisticsQuerySchema = z
  .object({
    operatingSiteId: operatingSiteIdSchema,
    type: enumOf(STATISTICS_TYPES, VALIDATION.typeRequired),
    groupBy: enumOf(STATISTICS_GROUP_BY, VALIDATION.groupByRequired),
    granularity: enumOf(STATISTICS_GRANULARITIES, VALIDATION.granularityRequired),
    ...timeRangeFields,
    /** With groupBy=group: the groups to show (required), `ungrouped` for the batteries without one. */
    groupIds: groupIdListSchema,
    /** With groupBy=serial: the batteries to show (required). */
    serials: serialListSchema,
  })
  .superRefine(checkRange, whenValid('from', 'to'))
  .superRefine(checkSelection, whenValid('groupBy', 'groupIds', 'serials'));
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const statisticsSeriesSchema = z.object({
  /** 'organization', a group id, 'ungrouped' or a serial number. */
  key: z.string(),
  /**
   * The site's name, the group's name (Ungrouped in the request's language) or the battery's name (its serial when
   * it has none).
   */
  label: z.string(),
  /**
   * Per figure of STATISTICS_METRICS[type], one value per period; null where a box plot has no sessions.
   * Written as exact decimals: kWh and kg unrounded, hours rounded half up to 2 decimals (docs/reports.md).
   */
  values: z.record(z.string(), z.array(z.number().nullable())),
});
export type StatisticsSeries = z.infer<typeof statisticsSeriesSchema>;

export const statisticsResponseSchema = z.object({
  type: z.enum(STATISTICS_TYPES),
  groupBy: z.enum(STATISTICS_GROUP_BY),
  granularity: z.enum(STATISTICS_GRANULARITIES),
  timeZone: z.string(),
  /**
   * First local day (YYYY-MM-DD) inside the range of every period it touches: the day, the ISO week's
   * Monday, the month's 1st — or the range's first day for a week or month that began before it.
   */
  periods: z.array(z.string()),
  series: z.array(statisticsSeriesSchema),
  /**
   * Only where the figures come from a replica (READ_DATABASE_URL, decision 126): the moment they are complete up
   * to, which may lag the primary's by the replica's lag.
   */
  asOf: z.iso.datetime().optional(),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

export const statisticsFilterQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const statisticsBatterySchema = z.object({
  serialNumber: z.string(),
  batteryName: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
});
export type StatisticsBattery = z.infer<typeof statisticsBatterySchema>;
export const statisticsBatteriesSchema = z.array(statisticsBatterySchema);
