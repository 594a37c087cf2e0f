import { z } from 'zod';
import { ALERT_SELECTION_MAX, type AlertProduct, alertEmailsSchema, alertNameSchema } from './alerts';
import { numberRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** What a threshold or silence rule watches (docs/decisions/040-alarms.md). */
export const ALARM_METRICS = [
  'socBelow',
  'cellTemperatureAbove',
  'cellTemperatureBelow',
  'stackVoltageOutside',
  'noData',
  'stationPowerAbove',
  'deepSleepRisk',
  'endOfLifeWithin',
] as const;
export type AlarmMetric = (typeof ALARM_METRICS)[number];
/** Care rules (issue 51, decision 134): judged by a periodic job from the care counters and the lifecycle. */
export const CARE_ALARM_METRICS = ['deepSleepRisk', 'endOfLifeWithin'] as const satisfies readonly AlarmMetric[];
export type CareAlarmMetric = (typeof CARE_ALARM_METRICS)[number];
export const isCareMetric = (metric: AlarmMetric): metric is CareAlarmMetric =>
  (CARE_ALARM_METRICS as readonly AlarmMetric[]).includes(metric);

/** Batteries' metrics, and the charger-station units' (their rules live on the charger-station alerts). */
export const ALARM_METRICS_OF = {
  battery: [
    'socBelow',
    'cellTemperatureAbove',
    'cellTemperatureBelow',
    'stackVoltageOutside',
    'noData',
    ...CARE_ALARM_METRICS,
  ],
  mdload: ['stationPowerAbove'],
} as const satisfies Record<AlertProduct, readonly AlarmMetric[]>;
export const productOfMetric = (metric: AlarmMetric): AlertProduct =>
  (ALARM_METRICS_OF.mdload as readonly AlarmMetric[]).includes(metric) ? 'mdload' : 'battery';

/** The ranges the device protocol accepts: a line beyond them could never be crossed. */
export const ALARM_RANGES = {
  soc: { min: 0, max: 100 },
  temperature: { min: -60, max: 150 },
  voltage: { min: 0, max: 1000 },
  power: { min: 0, max: 10_000 },
} as const;
export const ALARM_MIN_DURATION_MAX_SECONDS = 86_400;
export const ALARM_NO_DATA_MAX_MINUTES = 10_080;
/** The furthest ahead an end-of-life rule may look: ten years. */
export const ALARM_END_OF_LIFE_MAX_DAYS = 3650;

const hysteresis = numberRule({ min: 0, max: 100, decimals: 2 }).default(0);
const minDurationSeconds = numberRule({ min: 0, max: ALARM_MIN_DURATION_MAX_SECONDS, decimals: 0 }).default(0);
const limited = (range: { min: number; max: number }) => numberRule({ ...range, decimals: 2 });

type Issue = (path: string, message: string, params?: Record<string, number>) => void;

/** A line at the edge of the sensor's range is never crossed; hysteresis past the edge never clears. */
function checkLine(line: number, band: number, below: boolean, range: { min: number; max: number }, issue: Issue) {
  if (below ? line <= range.min : line >= range.max) {
    issue('threshold', VALIDATION.alarmThresholdNeverCrossed, range);
  } else if (below ? line + band > range.max : line - band < range.min) {
    issue('hysteresis', VALIDATION.alarmHysteresisNeverClears, range);
  }
}

export const alarmConditionSchema = z
  .discriminatedUnion('metric', [
    z.object({ metric: z.literal('socBelow'), threshold: limited(ALARM_RANGES.soc), hysteresis, minDurationSeconds }),
    z.object({
      metric: z.literal('cellTemperatureAbove'),
      threshold: limited(ALARM_RANGES.temperature),
      hysteresis,
      minDurationSeconds,
    }),
    z.object({
      metric: z.literal('cellTemperatureBelow'),
      threshold: limited(ALARM_RANGES.temperature),
      hysteresis,
      minDurationSeconds,
    }),
    z.object({
      metric: z.literal('stackVoltageOutside'),
      min: limited(ALARM_RANGES.voltage),
      max: limited(ALARM_RANGES.voltage),
      hysteresis,
      minDurationSeconds,
    }),
    z.object({
      metric: z.literal('stationPowerAbove'),
      threshold: limited(ALARM_RANGES.power),
      hysteresis,
      minDurationSeconds,
    }),
    z.object({
      metric: z.literal('noData'),
      minutes: numberRule({ min: 1, max: ALARM_NO_DATA_MAX_MINUTES, decimals: 0 }),
    }),
    /** Parked below 20 % SoC for longer than 7 days: the care counter's deep-sleep risk (CARE), ongoing. */
    z.object({ metric: z.literal('deepSleepRisk') }),
    /** The SoH 80 % projection of the battery's lifecycle falls within this many days (or is reached). */
    z.object({
      metric: z.literal('endOfLifeWithin'),
      days: numberRule({ min: 1, max: ALARM_END_OF_LIFE_MAX_DAYS, decimals: 0 }),
    }),
  ])
  .superRefine((condition, ctx) => {
    const issue: Issue = (path, message, params) => ctx.addIssue({ code: 'custom', path: [path], message, params });
    switch (condition.metric) {
      case 'socBelow':
        return checkLine(condition.threshold, condition.hysteresis, true, ALARM_RANGES.soc, issue);
      case 'cellTemperatureAbove':
        return checkLine(condition.threshold, condition.hysteresis, false, ALARM_RANGES.temperature, issue);
      case 'cellTemperatureBelow':
        return checkLine(condition.threshold, condition.hysteresis, true, ALARM_RANGES.temperature, issue);
      case 'stationPowerAbove':
        return checkLine(condition.threshold, condition.hysteresis, false, ALARM_RANGES.power, issue);
      case 'stackVoltageOutside':
        if (condition.min >= condition.max) issue('max', VALIDATION.alarmRangeOrder);
        else if (condition.max - condition.min <= 2 * condition.hysteresis) {
          issue('hysteresis', VALIDATION.alarmHysteresisNeverClears, ALARM_RANGES.voltage);
        }
        return;
      case 'noData':
      case 'deepSleepRisk':
      case 'endOfLifeWithin':
        return;
    }
  });
export type AlarmCondition = z.output<typeof alarmConditionSchema>;

/**
 * A threshold or silence rule: every battery (charger-station unit) of the site, or the chosen serials. Which
 * devices it watches follows from its metric (`productOfMetric`).
 */
export const thresholdRuleBodySchema = z.object({
  operatingSiteId: z
    .number({ error: () => VALIDATION.alertOrganizationRequired })
    .int()
    .positive(),
  name: alertNameSchema,
  active: z.boolean().default(true),
  batterySerials: z.array(z.string().trim().min(1).max(100)).max(ALERT_SELECTION_MAX).default([]),
  emails: alertEmailsSchema,
  mailRecovery: z.boolean().default(false),
  condition: alarmConditionSchema,
});
export type ThresholdRuleBody = z.output<typeof thresholdRuleBodySchema>;
export type ThresholdRuleFormValues = z.input<typeof thresholdRuleBodySchema>;

export const thresholdRuleSchema = z.object({
  id: z.number().int(),
  operatingSiteId: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  batterySerials: z.array(z.string()),
  emails: z.array(z.string()),
  mailRecovery: z.boolean(),
  condition: alarmConditionSchema,
});
export type ThresholdRule = z.infer<typeof thresholdRuleSchema>;
export const thresholdRulesSchema = z.array(thresholdRuleSchema);
export const thresholdRuleQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

export const ALARM_KINDS = ['event', 'threshold', 'silence'] as const;
export const ALARM_STATES = ['open', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const ALARM_LIST_MAX = 500;
export const ALARM_COMMENT_MAX = 500;

export const alarmSchema = z.object({
  id: z.number().int(),
  ruleName: z.string(),
  kind: z.enum(ALARM_KINDS),
  product: z.enum(['battery', 'mdload']),
  operatingSiteId: z.number().int(),
  siteName: z.string(),
  serialNumber: z.string(),
  deviceName: z.string(),
  /** error, warning or limit for event alarms; threshold; silence. */
  type: z.string(),
  /** The device's event code, or the metric of a threshold or silence rule. */
  code: z.string(),
  description: z.string(),
  value: z.number().nullable(),
  state: z.enum(ALARM_STATES),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  comment: z.string().nullable(),
  clearedAt: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;
export const alarmsSchema = z.array(alarmSchema);

/** Without a site: the alarms of every site the user may see. `active`: open and acknowledged ones. */
export const alarmQuerySchema = z.object({
  operatingSiteId: operatingSiteIdSchema.optional(),
  state: z.enum(['active', 'all']).default('active'),
});
export type AlarmQuery = Partial<z.output<typeof alarmQuerySchema>>;
export const alarmParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const alarmAckBodySchema = z.object({
  comment: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value.length > ALARM_COMMENT_MAX) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: ALARM_COMMENT_MAX } });
      }
    })
    .default(''),
});
export type AlarmAckBody = z.input<typeof alarmAckBodySchema>;
