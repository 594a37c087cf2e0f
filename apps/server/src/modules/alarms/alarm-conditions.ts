import type { AlarmCondition } from '@cbm/contracts/alarms';
import type { BatterySample } from '../device-ingestion/battery-sample';

export type ThresholdCondition = Exclude<AlarmCondition, { metric: 'noData' }>;

/** Where a threshold rule stands for one device: since when its line is crossed, and whether its alarm is open. */
export interface ConditionState {
  breachedSince: Date | null;
  open: boolean;
}

export type ConditionStep = { state: ConditionState; action: 'open' | 'clear' | null; value: number };

/** The sample's value the condition reads. */
export function metricValue(condition: ThresholdCondition, sample: BatterySample): number {
  switch (condition.metric) {
    case 'socBelow':
      return sample.soc;
    case 'cellTemperatureAbove':
      return sample.maxCellTemperature;
    case 'cellTemperatureBelow':
      return sample.minCellTemperature;
    case 'stackVoltageOutside':
      return sample.stackVoltage;
  }
}

/** Whether the value is across the line (`band` 0) or not yet back inside it by the hysteresis (`band` > 0). */
function beyond(condition: ThresholdCondition, value: number, band: number): boolean {
  switch (condition.metric) {
    case 'socBelow':
    case 'cellTemperatureBelow':
      return value < condition.threshold + band;
    case 'cellTemperatureAbove':
      return value > condition.threshold - band;
    case 'stackVoltageOutside':
      return value < condition.min + band || value > condition.max - band;
  }
}

/**
 * One sample through a threshold rule: the alarm opens once the line has been crossed for the minimum
 * duration, and clears only when the value is back inside by the hysteresis, so a value hovering at the
 * line opens one alarm, not one per crossing.
 */
export function stepCondition(
  condition: ThresholdCondition,
  state: ConditionState,
  sample: BatterySample,
): ConditionStep {
  const value = metricValue(condition, sample);
  if (state.open) {
    if (beyond(condition, value, condition.hysteresis)) return { state, action: null, value };
    return { state: { breachedSince: null, open: false }, action: 'clear', value };
  }
  if (!beyond(condition, value, 0)) return { state: { breachedSince: null, open: false }, action: null, value };
  const since = state.breachedSince ?? sample.ts;
  const lasted = sample.ts.getTime() - since.getTime() >= condition.minDurationSeconds * 1000;
  return lasted
    ? { state: { breachedSince: null, open: true }, action: 'open', value }
    : { state: { breachedSince: since, open: false }, action: null, value };
}
