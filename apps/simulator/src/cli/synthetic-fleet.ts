import type { BatterySpec } from '../devices/device-specs';

// The demo fleet's battery models (apps/server/src/demo/battery-models.ts), so load batteries look alike.
const MODELS = [
  { batteryType: 'L24-460', product: 'Lithium 24 V 460 Ah', capacityAh: 460, nominalVoltage: 25.6 },
  { batteryType: 'L36-700', product: 'Lithium 36 V 700 Ah', capacityAh: 700, nominalVoltage: 38.4 },
  { batteryType: 'L48-620', product: 'Lithium 48 V 620 Ah', capacityAh: 620, nominalVoltage: 51.2 },
  { batteryType: 'L80-930', product: 'Lithium 80 V 930 Ah', capacityAh: 930, nominalVoltage: 83.2 },
] as const;

export const syntheticSerial = (prefix: string, index: number) => `${prefix}${String(index + 1).padStart(6, '0')}`;

/** Batteries for a load test: serials prefix000001…, the demo's models in turn, one site time zone. */
export function syntheticBatteries(count: number, prefix: string, timezone: string): BatterySpec[] {
  return Array.from({ length: count }, (_, index) => {
    const model = MODELS[index % MODELS.length] as (typeof MODELS)[number];
    return {
      serialNumber: syntheticSerial(prefix, index),
      timezone,
      ...model,
      cellType: 'LFP prismatic',
      productionDate: '2024-01-15',
    };
  });
}
