import { BATTERY_MODELS, type BatteryModel } from '@cbm/demo-fixtures/battery-models';
import type { BatterySpec } from '../specs/device-specs';

export const syntheticSerial = (prefix: string, index: number) => `${prefix}${String(index + 1).padStart(6, '0')}`;

/** Batteries for a load test: serials prefix000001…, the demo's models in turn, one site time zone. */
export function syntheticBatteries(count: number, prefix: string, timezone: string): BatterySpec[] {
  return Array.from({ length: count }, (_, index) => {
    const { type, product, capacityAh, nominalVoltage } = BATTERY_MODELS[index % BATTERY_MODELS.length] as BatteryModel;
    return {
      serialNumber: syntheticSerial(prefix, index),
      timezone,
      batteryType: type,
      product,
      capacityAh,
      nominalVoltage,
      cellType: 'LFP prismatic',
      productionDate: '2024-01-15',
    };
  });
}
