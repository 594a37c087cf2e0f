import { CO2_GRAMS_PER_KWH } from '@cbm/contracts/constants';

/**
 * Figures as exact decimals (docs/reports.md, "Figures"): every figure is a ratio of integers (µkWh, ms,
 * a price's digits), rounded half up once, where it is written. No binary floating point on the way, so
 * 8.7275 kWh is 8.728 at three decimals, not toFixed's 8.727.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint, digits: number): string {
  const sign = numerator < 0n !== denominator < 0n && numerator !== 0n ? '-' : '';
  const num = numerator < 0n ? -numerator : numerator;
  const den = denominator < 0n ? -denominator : denominator;
  const scale = 10n ** BigInt(digits);
  const scaled = (num * scale * 2n + den) / (den * 2n);
  if (scaled === 0n) return digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Decimals every document writes (export, PDF): hours 2, kWh and kg 3 (docs/reports.md). */
export const FIGURE_DIGITS = { hours: 2, kwh: 3, kg: 3 } as const;

const UKWH_PER_KWH = 1_000_000n;
const MS_PER_HOUR = 3_600_000n;
const int = (value: number | bigint) => (typeof value === 'bigint' ? value : BigInt(Math.round(value)));

/** A plain decimal number (a price with at most a few decimals) as numerator and power-of-ten denominator. */
export function decimalRatio(value: number): [bigint, bigint] {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(Math.min(20, decimalsOf(value)));
  const [whole = '0', fraction = ''] = text.split('.');
  return [BigInt(whole + fraction), 10n ** BigInt(fraction.length)];
}

function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}

/** Energy: integer µkWh as kWh. */
export const kwhText = (ukwh: number | bigint, digits: number) => roundHalfUp(int(ukwh), UKWH_PER_KWH, digits);

/** Time: integer ms as hours. */
export const hoursText = (ms: number | bigint, digits: number) => roundHalfUp(int(ms), MS_PER_HOUR, digits);

/** CO2: charged energy × CO2_GRAMS_PER_KWH, in kg. */
export const co2KgText = (chargedUkwh: number | bigint, digits: number) =>
  roundHalfUp(int(chargedUkwh) * BigInt(CO2_GRAMS_PER_KWH), UKWH_PER_KWH * 1000n, digits);

/** Cost: charged energy × the price per kWh. */
export function costText(chargedUkwh: number | bigint, pricePerKwh: number, digits: number): string {
  const [price, scale] = decimalRatio(pricePerKwh);
  return roundHalfUp(int(chargedUkwh) * price, UKWH_PER_KWH * scale, digits);
}
