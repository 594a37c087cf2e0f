import type { BatteryListItem } from '@cbm/contracts/battery-list';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import { formatDate, formatDateTime } from '../../../lib/dates';

const UNITS: Partial<Record<keyof BatteryListItem, string>> = {
  soc: '%',
  soh: '%',
  stackVoltage: 'V',
  batteryCapacity: 'Ah',
  nominalEnergy: 'kWh',
  nominalVoltage: 'V',
  powerLimit: 'kW',
  maxCellTemperature: '°C',
  minCellTemperature: '°C',
  maxCellVoltage: 'V',
  minCellVoltage: 'V',
  operatingLimitEnergy: 'kWh',
  operatingLimitHours: 'h',
};
const DATES = new Set<keyof BatteryListItem>(['productionDate', 'nextService', 'profileAvailableFrom']);

/** A battery field as the screen shows it: numbers in the UI language with their unit, dates in its format. */
export function fieldText(
  battery: BatteryListItem,
  field: keyof BatteryListItem,
  language: UiLanguage,
  timeZone: string,
): string {
  const value = battery[field];
  if (value === null || value === undefined || value === '') return '–';
  if (field === 'lastDataTimestamp') return formatDateTime(value as string, language, timeZone);
  if (DATES.has(field)) return formatDate(value as string, language);
  if (typeof value === 'number') {
    const unit = UNITS[field];
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
    return unit ? `${number} ${unit}` : number;
  }
  return String(value);
}
