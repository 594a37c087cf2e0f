import { describe, expect, it } from 'vitest';
import {
  currencyOptions,
  parseFormValues,
  positionOf,
  roundCoordinate,
  timeZoneOptions,
  toFormValues,
} from './site-settings-values';

const settings = {
  operatingSiteId: 4,
  name: 'Wien Süd',
  latitude: 48.1486,
  longitude: 16.35,
  timezone: 'Europe/Vienna',
  currency: 'EUR',
  pricePerKwh: 0.24,
  batteryPricePerKwh: 312.5,
};

describe('site settings form values', () => {
  it('shows numbers with the decimal separator of the language and reads them back', () => {
    const german = toFormValues(settings, 'de');
    expect(german).toMatchObject({ latitude: '48,1486', longitude: '16,35', pricePerKwh: '0,24' });
    const { operatingSiteId: _, ...body } = settings;
    expect(parseFormValues(german).data).toEqual(body);
    expect(parseFormValues(toFormValues(settings, 'en')).data).toEqual(body);
  });

  it('leaves the replacement battery price unset when its field is empty, and refuses a third decimal', () => {
    const values = toFormValues({ ...settings, batteryPricePerKwh: null }, 'de');
    expect(values.batteryPricePerKwh).toBe('');
    expect(parseFormValues(values).data?.batteryPricePerKwh).toBeNull();
    const result = parseFormValues({ ...values, batteryPricePerKwh: '312,505' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['batteryPricePerKwh', 'validation.maxDecimals'],
    ]);
  });

  it('turns empty and non-numeric fields into the validation messages', () => {
    const result = parseFormValues({ ...toFormValues(settings, 'en'), latitude: '', pricePerKwh: 'zero' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['latitude', 'validation.required'],
      ['pricePerKwh', 'validation.notANumber'],
    ]);
  });

  it('places the map marker only for a valid position, whatever the other fields say', () => {
    const values = { ...toFormValues(settings, 'de'), name: '', pricePerKwh: 'x' };
    expect(positionOf(values)).toEqual({ latitude: 48.1486, longitude: 16.35 });
    expect(positionOf({ ...values, latitude: '91' })).toBeUndefined();
    expect(positionOf({ ...values, longitude: '' })).toBeUndefined();
  });

  it('rounds map clicks to six decimals', () => {
    expect(roundCoordinate(48.148612345)).toBe(48.148612);
  });

  it('keeps a stored zone the browser does not list', () => {
    expect(timeZoneOptions('Europe/Vienna')).not.toContain('Mars/Base');
    expect(timeZoneOptions('Mars/Base')[0]).toBe('Mars/Base');
  });

  it('names currencies in the UI language', () => {
    expect(currencyOptions('de').find((option) => option.value === 'CHF')?.label).toBe('CHF – Schweizer Franken');
    expect(currencyOptions('en').find((option) => option.value === 'EUR')?.label).toBe('EUR – Euro');
  });
});
