import type { AlarmCondition, CareAlarmMetric } from '@cbm/contracts/alarms';
import type { BatterySample } from '../device-ingestion/battery-sample';

/** What ingestion judges as samples arrive: neither silence (a job) nor care (a job, care-rule-job.ts). */
export type ThresholdCondition = Exclude<AlarmCondition, { metric: 'noData' | CareAlarmMetric }>;

/** What a threshold rule reads of a device at one moment: a battery's sample or a charger-station unit's power. */
export interface Reading {
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
  battery?: BatterySample;
  powerKw?: number;
}

/** Where a threshold rule stands for one device: since when its line is crossed, and whether its alarm is open. */
export interface ConditionState {
  breachedSince: Date | null;
  open: boolean;
}

export type ConditionStep = { state: ConditionState; action: 'open' | 'clear' | null };

/** The reading's value the condition reads; undefined when the reading has none (another kind of device). */
export function metricValue(condition: ThresholdCondition, reading: Reading): number | undefined {
  const { battery } = reading;
  switch (condition.metric) {
    case 'socBelow':
      return battery?.soc;
    case 'cellTemperatureAbove':
      return battery?.maxCellTemperature;
    case 'cellTemperatureBelow':
      return battery?.minCellTemperature;
    case 'stackVoltageOutside':
      return battery?.stackVoltage;
    case 'stationPowerAbove':
      return reading.powerKw;
  }
}

/** Whether the value is across the line (`band` 0) or not yet back inside it by the hysteresis (`band` > 0). */
function beyond(condition: ThresholdCondition, value: number, band: number): boolean {
  switch (condition.metric) {
    case 'socBelow':
    case 'cellTemperatureBelow':
      return value < condition.threshold + band;
    case 'cellTemperatureAbove':
    case 'stationPowerAbove':
      return value > condition.threshold - band;
    case 'stackVoltageOutside':
      return value < condition.min + band || value > condition.max - band;
  }
}

/**
 * One value through a threshold rule: the alarm opens once the line has been crossed for the minimum
 * duration, and clears only when the value is back inside by the hysteresis, so a value hovering at the
 * line opens one alarm, not one per crossing.
 */
export function stepCondition(
  condition: ThresholdCondition,
  state: ConditionState,
  value: number,
  ts: Date,
): ConditionStep {
  if (state.open) {
    if (beyond(condition, value, condition.hysteresis)) return { state, action: null };
    return { state: { breachedSince: null, open: false }, action: 'clear' };
  }
  if (!beyond(condition, value, 0)) return { state: { breachedSince: null, open: false }, action: null };
  const since = state.breachedSince ?? ts;
  const lasted = ts.getTime() - since.getTime() >= condition.minDurationSeconds * 1000;
  return lasted
    ? { state: { breachedSince: null, open: true }, action: 'open' }
    : { state: { breachedSince: since, open: false }, action: null };
}
