import { siteSettingsBodySchema } from '@cbm/contracts/admin';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { fieldErrors } from './validation-errors';

describe('form validation messages', () => {
  const invalid = { name: ' ', latitude: 91, longitude: Number.NaN, timezone: 'UTC', currency: 'EUR', pricePerKwh: -1 };
  const issues = siteSettingsBodySchema.safeParse(invalid).error?.issues ?? [];

  it('shows the validation messages with their values, one per field', async () => {
    await i18n.changeLanguage('en');
    expect(fieldErrors(issues, i18n.t)).toEqual({
      name: 'This value is required',
      latitude: 'Value must be below 90',
      longitude: 'Value must be a number (e.g.: 0.1234)',
      pricePerKwh: 'Value must be above 0',
    });
  });

  it('in German too', async () => {
    await i18n.changeLanguage('de');
    expect(fieldErrors(issues, i18n.t)).toMatchObject({
      latitude: 'Der Wert muss unter 90 liegen',
      pricePerKwh: 'Der Wert muss über 0 liegen',
    });
    await i18n.changeLanguage('en');
  });
});
