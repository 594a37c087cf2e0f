import type { AlarmCondition } from '@cbm/contracts/alarms';
import { describe, expect, it } from 'vitest';
import type { BatterySample } from '../device-ingestion/battery-sample';
import { type ConditionState, metricValue, stepCondition, type ThresholdCondition } from './alarm-conditions';

const START = Date.parse('2026-11-21T10:00:00Z');
const sample = (seconds: number, values: Partial<BatterySample>) =>
  ({
    soc: 50,
    stackVoltage: 51,
    minCellTemperature: 20,
    maxCellTemperature: 25,
    ...values,
    ts: new Date(START + seconds * 1000),
  }) as BatterySample;

function run(condition: ThresholdCondition, samples: BatterySample[]) {
  let state: ConditionState = { breachedSince: null, open: false };
  return samples.map((next) => {
    const reading = { serialNumber: 'B', operatingSiteId: 1, ts: next.ts, battery: next, powerKw: next.soc };
    const step = stepCondition(condition, state, metricValue(condition, reading) as number, next.ts);
    state = step.state;
    return step.action;
  });
}

describe('threshold conditions', () => {
  const socBelow20 = { metric: 'socBelow', threshold: 20, hysteresis: 5, minDurationSeconds: 0 } as const;

  it('opens once for a value hovering at the line and clears only past the hysteresis', () => {
    const socs = [25, 19.5, 20.5, 19.8, 21, 24.9, 25];
    expect(
      run(
        socBelow20,
        socs.map((soc, i) => sample(i * 10, { soc })),
      ),
    ).toEqual([null, 'open', null, null, null, null, 'clear']);
  });

  it('waits for the minimum duration, and a value back inside restarts it', () => {
    const condition = { ...socBelow20, minDurationSeconds: 30 };
    const socs = [19, 19, 21, 19, 19, 19, 19];
    expect(
      run(
        condition,
        socs.map((soc, i) => sample(i * 10, { soc })),
      ),
    ).toEqual([null, null, null, null, null, null, 'open']);
  });

  it('reads the hottest and coldest cell and the stack voltage on both sides', () => {
    const hot: AlarmCondition = { metric: 'cellTemperatureAbove', threshold: 45, hysteresis: 2, minDurationSeconds: 0 };
    expect(run(hot, [sample(0, { maxCellTemperature: 46 }), sample(10, { maxCellTemperature: 43.5 })])).toEqual([
      'open',
      null,
    ]);
    const cold: AlarmCondition = { metric: 'cellTemperatureBelow', threshold: 0, hysteresis: 0, minDurationSeconds: 0 };
    expect(run(cold, [sample(0, { minCellTemperature: -1 }), sample(10, { minCellTemperature: 0 })])).toEqual([
      'open',
      'clear',
    ]);
    const voltage: AlarmCondition = {
      metric: 'stackVoltageOutside',
      min: 44,
      max: 58,
      hysteresis: 1,
      minDurationSeconds: 0,
    };
    const volts = [50, 59, 57.5, 56.9, 43];
    expect(
      run(
        voltage,
        volts.map((stackVoltage, i) => sample(i * 10, { stackVoltage })),
      ),
    ).toEqual([null, 'open', null, 'clear', 'open']);
  });
});
