import { CURRENCIES, type SiteSettings, siteSettingsBodySchema, TIME_ZONES } from '@cbm/contracts/admin';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import { formatNumberText, parseNumberText } from '../../lib/number-text';

/** The form's fields as typed: numbers stay text until saved, so 'Value must be a number' can be shown. */
export interface SiteSettingsValues {
  name: string;
  latitude: string;
  longitude: string;
  timezone: string;
  currency: string;
  pricePerKwh: string;
  /** Empty: not set. */
  batteryPricePerKwh: string;
}

export function toFormValues(settings: SiteSettings, language: UiLanguage): SiteSettingsValues {
  return {
    name: settings.name,
    latitude: formatNumberText(settings.latitude, language),
    longitude: formatNumberText(settings.longitude, language),
    timezone: settings.timezone,
    currency: settings.currency,
    pricePerKwh: formatNumberText(settings.pricePerKwh, language),
    batteryPricePerKwh:
      settings.batteryPricePerKwh === null ? '' : formatNumberText(settings.batteryPricePerKwh, language),
  };
}

/** Checks the fields with the rules the server uses; gives the body to send or the issues to show. */
export function parseFormValues(values: SiteSettingsValues) {
  return siteSettingsBodySchema.safeParse({
    name: values.name,
    latitude: parseNumberText(values.latitude),
    longitude: parseNumberText(values.longitude),
    timezone: values.timezone,
    currency: values.currency,
    pricePerKwh: parseNumberText(values.pricePerKwh),
    batteryPricePerKwh: values.batteryPricePerKwh.trim() === '' ? null : parseNumberText(values.batteryPricePerKwh),
  });
}

/** The position the fields name, while other fields may still be wrong; undefined unless both are valid. */
export function positionOf(values: SiteSettingsValues) {
  const latitude = siteSettingsBodySchema.shape.latitude.safeParse(parseNumberText(values.latitude));
  const longitude = siteSettingsBodySchema.shape.longitude.safeParse(parseNumberText(values.longitude));
  return latitude.success && longitude.success ? { latitude: latitude.data, longitude: longitude.data } : undefined;
}

/** Six decimals of a degree are about 10 cm: enough for a site picked on a map. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** The runtime's zones, plus the stored one should this browser name it differently. */
export const timeZoneOptions = (current: string) =>
  TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES];

export function currencyOptions(language: UiLanguage) {
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return CURRENCIES.map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}
