import { describe, expect, it } from 'vitest';
import { dayRange } from '../../components/time-range/quick-range';
import { initialValues, parseSettings } from './report-settings-values';

const defaults = {
  currency: 'EUR',
  pricePerKwh: 0.3125,
  timezone: 'Europe/Berlin',
  timestampMin: Date.parse('2026-11-01T10:00:00Z') / 1000,
  timestampMax: Date.parse('2026-11-21T09:30:00Z') / 1000,
};
const context = {
  defaults,
  serial: 'B-1',
  batteryName: 'Stapler 7',
  userName: 'Ada Admin',
  uiLanguage: 'de' as const,
  now: new Date('2026-12-05T12:00:00Z'),
};
const messages = (values: Parameters<typeof parseSettings>[0], serial = 'B-1') =>
  parseSettings(values, { serial, operatingSiteId: 4 }).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe('report settings form', () => {
  it('prefills vehicle, creator, language, price and the last week with data', () => {
    expect(initialValues(context)).toEqual({
      time: dayRange('2026-11-15', '2026-11-21', 'Europe/Berlin'),
      vehicleId: 'Stapler 7',
      userName: 'Ada Admin',
      chargerName: '',
      timezone: 'Europe/Berlin',
      language: 'de_DE',
      currency: 'EUR',
      pricePerKwh: '0,3125',
      type: 'pdf',
    });
    expect(initialValues({ ...context, uiLanguage: 'en' })).toMatchObject({ language: 'en_US', pricePerKwh: '0.3125' });
    expect(initialValues({ ...context, serial: '' }).time).toBeNull();
  });

  it('defaults to whole days: today, still running, is left out unless all data is from today', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(initialValues({ ...context, now: today }).time).toEqual(
      dayRange('2026-11-14', '2026-11-20', 'Europe/Berlin'),
    );
    const onlyToday = { ...defaults, timestampMin: Date.parse('2026-11-21T06:00:00Z') / 1000 };
    expect(initialValues({ ...context, defaults: onlyToday, now: today }).time).toEqual(
      dayRange('2026-11-21', '2026-11-21', 'Europe/Berlin'),
    );
  });

  it('applies the number validation rules to the price, with a decimal comma', () => {
    const values = initialValues(context);
    expect(messages({ ...values, pricePerKwh: '' })).toEqual([['pricePerKwh', 'validation.required']]);
    expect(messages({ ...values, pricePerKwh: 'abc' })).toEqual([['pricePerKwh', 'validation.notANumber']]);
    expect(messages({ ...values, pricePerKwh: '-1' })).toEqual([['pricePerKwh', 'validation.above']]);
    expect(messages({ ...values, pricePerKwh: '2000000' })).toEqual([['pricePerKwh', 'validation.below']]);
    expect(parseSettings({ ...values, pricePerKwh: '0,29' }, { serial: 'B-1', operatingSiteId: 4 }).data).toMatchObject(
      { pricePerKwh: 0.29, setupType: 'serial', batterySerial: 'B-1', operatingSiteId: 4 },
    );
  });

  it('needs a time range for a serial but not for a CSV, and at most a year', () => {
    const values = initialValues(context);
    expect(messages({ ...values, time: null })).toEqual([['time', 'validation.required']]);
    expect(messages({ ...values, time: null }, '')).toBeUndefined();
    const long = dayRange('2025-01-01', '2026-11-21', 'Europe/Berlin');
    expect(messages({ ...values, time: long })).toEqual([['time', 'validation.rangeTooLong']]);
  });

  it('makes a CSV report only from a serial', () => {
    const parsed = parseSettings({ ...initialValues(context), type: 'csv' }, { serial: '', operatingSiteId: 4 });
    expect(parsed.data).toMatchObject({ setupType: 'csv', type: 'pdf' });
  });
});
