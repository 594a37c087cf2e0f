import { describe, expect, it } from 'vitest';
import { initialRuleState, validateRuleForm } from './threshold-rule-form-model';

const t = ((key: string, values?: Record<string, unknown>) => `${key}${values?.n ?? values?.min ?? ''}`) as never;

describe('threshold rule form', () => {
  it('gives every message at once, on the condition’s own fields', () => {
    const { body, errors } = validateRuleForm(1, { ...initialRuleState('battery'), threshold: 0, name: '' }, t);
    expect(body).toBeUndefined();
    expect(errors).toMatchObject({
      name: 'validation.alertNameRequired',
      emails: 'validation.alertEmailRequired',
      threshold: 'validation.alarmThresholdNeverCrossed0',
    });
  });

  it('sends only the chosen metric’s fields', () => {
    const state = {
      ...initialRuleState('battery'),
      name: 'Quiet',
      emails: ['ops@example.com'],
      metric: 'noData' as const,
    };
    expect(validateRuleForm(7, state, t).body).toMatchObject({
      operatingSiteId: 7,
      condition: { metric: 'noData', minutes: 30 },
    });
    const voltage = { ...state, metric: 'stackVoltageOutside' as const, min: 58, max: 44 };
    expect(validateRuleForm(7, voltage, t).errors).toEqual({ max: 'validation.alarmRangeOrder' });
    const station = { ...initialRuleState('mdload'), name: 'Peak', emails: ['ops@example.com'] };
    expect(validateRuleForm(7, station, t).body?.condition).toEqual({
      metric: 'stationPowerAbove',
      threshold: 100,
      hysteresis: 0,
      minDurationSeconds: 0,
    });
  });

  it('sends a care rule with only what it has: deep-sleep risk nothing, end of life its days ahead', () => {
    const state = { ...initialRuleState('battery'), name: 'Care', emails: ['ops@example.com'] };
    expect(validateRuleForm(7, { ...state, metric: 'deepSleepRisk' as const }, t).body?.condition).toEqual({
      metric: 'deepSleepRisk',
    });
    const endOfLife = { ...state, metric: 'endOfLifeWithin' as const };
    expect(validateRuleForm(7, endOfLife, t).body?.condition).toEqual({ metric: 'endOfLifeWithin', days: 180 });
    expect(validateRuleForm(7, { ...endOfLife, days: 0 }, t).errors).toEqual({ days: 'validation.above1' });
  });
});
