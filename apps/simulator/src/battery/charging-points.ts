import type { ChargerSpec } from '../specs/device-specs';

/** Where batteries charge: monitored chargers report what they charge, the rest are unmonitored. */
export interface ChargingPoints {
  /** Plugs a battery in: its preferred charger when that one is free, otherwise an unmonitored one (serial null). */
  plugIn(batterySerial: string, preferred: string | null): { chargerSerial: string | null; maxPowerKw: number | null };
  report(chargerSerial: string, powerKw: number): void;
  unplug(batterySerial: string, chargerSerial: string): void;
}

export interface ChargerSlot {
  spec: ChargerSpec;
  batterySerial: string | null;
  powerKw: number;
}

/** The monitored chargers of a fleet; each charges one battery at a time. */
export function chargerPool(chargers: readonly ChargerSpec[]): ChargingPoints & { slots: Map<string, ChargerSlot> } {
  const slots = new Map(
    chargers.map((spec) => [spec.serialNumber, { spec, batterySerial: null, powerKw: 0 } as ChargerSlot]),
  );
  return {
    slots,
    plugIn(batterySerial, preferred) {
      const slot = preferred ? slots.get(preferred) : undefined;
      if (!slot || slot.batterySerial !== null) return { chargerSerial: null, maxPowerKw: null };
      slot.batterySerial = batterySerial;
      return { chargerSerial: slot.spec.serialNumber, maxPowerKw: slot.spec.maxPowerKw };
    },
    report(chargerSerial, powerKw) {
      const slot = slots.get(chargerSerial);
      if (slot) slot.powerKw = Math.min(powerKw, slot.spec.maxPowerKw);
    },
    unplug(batterySerial, chargerSerial) {
      const slot = slots.get(chargerSerial);
      if (slot?.batterySerial !== batterySerial) return;
      slot.batterySerial = null;
      slot.powerKw = 0;
    },
  };
}
