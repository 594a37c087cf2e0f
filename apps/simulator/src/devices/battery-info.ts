import type { BatteryInfo } from '@cbm/contracts/device-protocol';
import type { BatterySpec, SoftwareVersions } from '../specs/device-specs';

/** The battery's retained `info`: its static data and current software versions. */
export function batteryInfo(spec: BatterySpec, versions: Partial<SoftwareVersions>, nowMs: number): BatteryInfo {
  return {
    ts: new Date(nowMs).toISOString(),
    batteryType: spec.batteryType,
    product: spec.product,
    hwSerial: spec.hwSerial,
    ecuSerialNumber: spec.ecuSerialNumber,
    displayId: spec.displayId,
    versions,
    cellType: spec.cellType,
    capacityAh: spec.capacityAh,
    nominalEnergyKwh: spec.nominalEnergyKwh ?? Math.round(spec.capacityAh * spec.nominalVoltage) / 1000,
    nominalVoltage: spec.nominalVoltage,
    moduleCount: spec.moduleCount,
    moduleElectronic: spec.moduleElectronic,
    parameterSet: spec.parameterSet,
    productionDate: spec.productionDate,
    trayNumber: spec.trayNumber,
  };
}
