import { CO2_GRAMS_PER_KWH } from '@cbm/contracts/constants';
import { FIGURE_DIGITS } from '../figures/figure-decimals';

/** The figures statistics answer per period and key. */
export type EnergyFigure =
  | 'chargedKwh'
  | 'dischargedKwh'
  | 'co2Kg'
  | 'lowSocHours'
  | 'availableHours'
  | 'operatingHours';

const CO2_KG_PER_KWH = String(CO2_GRAMS_PER_KWH / 1000);

export type AddParameter = (value: unknown, type: string) => string;

type FigureSql = (total: (column: string) => string, add: AddParameter) => string;

/**
 * The one definition of each figure over the day source's columns, summed by `total` (or taken as is, one
 * row per period): energy and CO2 as exact numerics in kWh and kg, times as integer ms (docs/reports.md).
 */
const DECIMAL_SQL: Record<'chargedKwh' | 'dischargedKwh' | 'co2Kg', FigureSql> = {
  chargedKwh: (total) => total('src.charged'),
  dischargedKwh: (total) => total('src.discharged'),
  co2Kg: (total, add) => `(${total('src.charged')} * ${add(CO2_KG_PER_KWH, 'numeric')})`,
};
const MS_SQL: Record<'lowSocHours' | 'availableHours' | 'operatingHours', FigureSql> = {
  lowSocHours: (total) => total('src.low_soc_ms'),
  availableHours: (total) => `(${total('src.operating_ms')} - ${total('src.low_soc_ms')})`,
  operatingHours: (total) => total('src.operating_ms'),
};
/** Decimals of hours wherever they are written (export, PDF, statistics JSON): docs/reports.md. */
const HOUR_DIGITS = FIGURE_DIGITS.hours;
/** Hours from integer ms, divided as numeric and rounded half up once. */
const hoursSql = (ms: string) => `round(${ms}::numeric / 3600000, ${HOUR_DIGITS})`;
/** Statistics answer every figure as an exact decimal: kWh and kg unrounded, hours as the export writes them. */
export const ENERGY_SQL: Record<EnergyFigure, FigureSql> = {
  ...DECIMAL_SQL,
  lowSocHours: (total, add) => hoursSql(MS_SQL.lowSocHours(total, add)),
  availableHours: (total, add) => hoursSql(MS_SQL.availableHours(total, add)),
  operatingHours: (total, add) => hoursSql(MS_SQL.operatingHours(total, add)),
};
/** Decimals of the export's columns (docs/reports.md): rounded half up once, in the query, from exact values. */
export const EXPORT_DIGITS = {
  operatingHours: HOUR_DIGITS,
  chargedKwh: FIGURE_DIGITS.kwh,
  dischargedKwh: FIGURE_DIGITS.kwh,
  co2Kg: FIGURE_DIGITS.kg,
} as const;
export const EXPORT_SQL: Record<keyof typeof EXPORT_DIGITS, FigureSql> = {
  operatingHours: (total, add) => hoursSql(MS_SQL.operatingHours(total, add)),
  chargedKwh: (total, add) => `round(${DECIMAL_SQL.chargedKwh(total, add)}, ${EXPORT_DIGITS.chargedKwh})`,
  dischargedKwh: (total, add) => `round(${DECIMAL_SQL.dischargedKwh(total, add)}, ${EXPORT_DIGITS.dischargedKwh})`,
  co2Kg: (total, add) => `round(${DECIMAL_SQL.co2Kg(total, add)}, ${EXPORT_DIGITS.co2Kg})`,
};
export const EXPORT_FIGURES = Object.keys(EXPORT_DIGITS) as (keyof typeof EXPORT_DIGITS)[];
export const sum = (column: string) => `sum(${column})`;
export const asIs = (column: string) => column;
