import {
  ALARM_METRICS_OF,
  type AlarmMetric,
  type ThresholdRule,
  type ThresholdRuleFormValues,
  thresholdRuleBodySchema,
} from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import type { TFunction } from 'i18next';

type NumberField = number | '';

/** What the threshold rule form edits; number inputs are '' while empty. */
export interface ThresholdRuleFormState {
  name: string;
  active: boolean;
  metric: AlarmMetric;
  threshold: NumberField;
  min: NumberField;
  max: NumberField;
  minutes: NumberField;
  hysteresis: NumberField;
  minDurationSeconds: NumberField;
  days: NumberField;
  batterySerials: string[];
  emails: string[];
  mailRecovery: boolean;
}

/** A new end-of-life rule looks half a year ahead. */
const DEFAULT_END_OF_LIFE_DAYS = 180;

/** A new rule starts at a common line: SoC below 20 %, station power above 100 kW. */
const DEFAULT_THRESHOLD: Record<AlertProduct, number> = { battery: 20, mdload: 100 };

export function initialRuleState(product: AlertProduct, rule?: ThresholdRule): ThresholdRuleFormState {
  const condition = rule?.condition;
  const pick = <K extends string>(key: K): NumberField =>
    condition && key in condition ? ((condition as Record<K, number>)[key] ?? '') : '';
  return {
    name: rule?.name ?? '',
    active: rule?.active ?? true,
    metric: condition?.metric ?? ALARM_METRICS_OF[product][0],
    threshold: rule ? pick('threshold') : DEFAULT_THRESHOLD[product],
    min: pick('min'),
    max: pick('max'),
    minutes: rule ? pick('minutes') : 30,
    hysteresis: rule ? pick('hysteresis') : 0,
    minDurationSeconds: rule ? pick('minDurationSeconds') : 0,
    days: rule ? pick('days') : DEFAULT_END_OF_LIFE_DAYS,
    batterySerials: rule?.batterySerials ?? [],
    emails: rule?.emails ?? [],
    mailRecovery: rule?.mailRecovery ?? false,
  };
}

/** Which number fields a metric has, in the form's order. */
export const METRIC_FIELDS: Record<AlarmMetric, readonly (keyof ThresholdRuleFormState)[]> = {
  socBelow: ['threshold', 'hysteresis', 'minDurationSeconds'],
  cellTemperatureAbove: ['threshold', 'hysteresis', 'minDurationSeconds'],
  cellTemperatureBelow: ['threshold', 'hysteresis', 'minDurationSeconds'],
  stackVoltageOutside: ['min', 'max', 'hysteresis', 'minDurationSeconds'],
  noData: ['minutes'],
  stationPowerAbove: ['threshold', 'hysteresis', 'minDurationSeconds'],
  deepSleepRisk: [],
  endOfLifeWithin: ['days'],
};

const number = (value: NumberField) => (value === '' ? undefined : value);

export function toRuleValues(siteId: number, state: ThresholdRuleFormState): ThresholdRuleFormValues {
  const condition = Object.fromEntries(
    METRIC_FIELDS[state.metric].map((field) => [field, number(state[field] as NumberField)]),
  );
  return {
    operatingSiteId: siteId,
    name: state.name,
    active: state.active,
    batterySerials: state.batterySerials,
    emails: state.emails,
    mailRecovery: state.mailRecovery,
    condition: { metric: state.metric, ...condition } as ThresholdRuleFormValues['condition'],
  };
}

/** The form checked with the server's schema; the condition's messages sit on its own fields. */
export function validateRuleForm(siteId: number, state: ThresholdRuleFormState, t: TFunction) {
  const parsed = thresholdRuleBodySchema.safeParse(toRuleValues(siteId, state));
  if (parsed.success) return { body: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String((issue.path[0] === 'condition' ? issue.path[1] : issue.path[0]) ?? '');
    errors[field] ??= t(issue.message, { ...(issue as { params?: object }).params });
  }
  return { body: undefined, errors };
}
