import { describe, expect, it } from 'vitest';
import { siteSettingsBodySchema } from './admin';
import { isoDateRule, numberRule, textRule } from './field-rules';
import { licenceChangeBodySchema } from './licences';

/** The first issue's message key and values, or 'ok'. */
const check = (schema: { safeParse(value: unknown): { error?: { issues: object[] } } }, value: unknown) => {
  const issue = schema.safeParse(value).error?.issues[0] as { message: string; params?: object } | undefined;
  return issue ? [issue.message, issue.params] : 'ok';
};

describe('numberRule (validation rules)', () => {
  const latitude = numberRule({ min: -90, max: 90 });
  const price = numberRule({ min: 0, max: 100, decimals: 4 });

  it.each([
    [undefined, ['validation.required', undefined]],
    [null, ['validation.required', undefined]],
    ['', ['validation.required', undefined]],
    ['12', ['validation.notANumber', undefined]],
    [Number.NaN, ['validation.notANumber', undefined]],
    [Number.POSITIVE_INFINITY, ['validation.notANumber', undefined]],
    [90.0001, ['validation.below', { n: 90 }]],
    [-91, ['validation.above', { n: -90 }]],
    [90, 'ok'],
    [-90, 'ok'],
    [0, 'ok'],
  ])('latitude %j → %j', (value, expected) => {
    expect(check(latitude, value)).toEqual(expected);
  });

  it.each([
    [0.1234, 'ok'],
    [0.29, 'ok'],
    [100, 'ok'],
    [0.12345, ['validation.maxDecimals', { n: 4 }]],
    [-0.0001, ['validation.above', { n: 0 }]],
    [100.5, ['validation.below', { n: 100 }]],
  ])('price %j → %j', (value, expected) => {
    expect(check(price, value)).toEqual(expected);
  });
});

describe('textRule', () => {
  it.each([
    ['  Depot  ', 'ok'],
    ['   ', ['validation.required', undefined]],
    [undefined, ['validation.required', undefined]],
    ['abcdef', ['validation.maxLength', { n: 5 }]],
  ])('%j → %j', (value, expected) => {
    expect(check(textRule(5), value)).toEqual(expected);
  });

  it('trims', () => {
    expect(textRule(5).parse('  Depot ')).toBe('Depot');
  });
});

describe('isoDateRule', () => {
  it.each([
    ['2031-06-30', 'ok'],
    ['2028-02-29', 'ok'],
    ['2027-02-29', ['validation.invalidDate', undefined]],
    ['2027-13-01', ['validation.invalidDate', undefined]],
    ['2027-1-1', ['validation.invalidDate', undefined]],
    ['1999-12-31', ['validation.invalidDate', undefined]],
    ['2200-01-01', ['validation.invalidDate', undefined]],
    ['', ['validation.required', undefined]],
  ])('%j → %j', (value, expected) => {
    expect(check(isoDateRule, value)).toEqual(expected);
  });
});

describe('site settings', () => {
  const valid = { name: 'Depot', latitude: 1, longitude: 2, timezone: 'UTC', currency: 'EUR', pricePerKwh: 0.3 };

  it('accepts UTC, IANA zones under any of their names and ISO 4217 codes of the runtime', () => {
    for (const timezone of [
      'UTC',
      'Europe/Berlin',
      'Pacific/Chatham',
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/Kyiv',
    ]) {
      expect(siteSettingsBodySchema.safeParse({ ...valid, timezone }).success, timezone).toBe(true);
    }
    for (const currency of ['EUR', 'CHF', 'GBP', 'SEK', 'PLN', 'JPY']) {
      expect(siteSettingsBodySchema.safeParse({ ...valid, currency }).success, currency).toBe(true);
    }
  });

  it('refuses abbreviations, offsets and unknown names as time zones', () => {
    for (const timezone of ['CET', 'Etc/GMT+1', '+01:00', 'Europe/Atlantis', 'europe/berlin/x', 'UTC+1']) {
      expect(siteSettingsBodySchema.safeParse({ ...valid, timezone }).success, timezone).toBe(false);
    }
  });

  it('names every wrong field with its own message', () => {
    const result = siteSettingsBodySchema.safeParse({
      name: '',
      latitude: 'north',
      longitude: 181,
      timezone: 'CET+1',
      currency: 'Euro',
      pricePerKwh: -1,
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'validation.required'],
      ['latitude', 'validation.notANumber'],
      ['longitude', 'validation.below'],
      ['timezone', 'validation.unknownTimeZone'],
      ['currency', 'validation.unknownCurrency'],
      ['pricePerKwh', 'validation.above'],
    ]);
  });
});

describe('licence change', () => {
  it('needs at least one device, each once, and a date', () => {
    expect(licenceChangeBodySchema.safeParse({ displayIds: ['D1', 'D2'], eoLDate: '2030-01-01' }).success).toBe(true);
    expect(licenceChangeBodySchema.safeParse({ displayIds: [], eoLDate: '2030-01-01' }).success).toBe(false);
    expect(check(licenceChangeBodySchema, { displayIds: ['D1', 'D1'], eoLDate: '2030-01-01' })).toEqual([
      'validation.duplicates',
      undefined,
    ]);
  });
});
