import type { AlarmReadings } from '@cbm/device-model/battery-alarms';
import { cellVoltages } from '@cbm/device-model/lfp-curve';
import type { BatteryParams, BatteryTotals, PhysicsState } from '../physics/battery-physics';
import type { BatterySpec } from '../specs/device-specs';

const DAY_MS = 86_400_000;

export interface BatteryReadings extends AlarmReadings {
  stackVoltage: number;
  minCellVoltage: number;
  maxCellVoltage: number;
  minCellTemperature: number;
  boardTemperature: number;
}

/** What the BMS measures: voltages from the LFP curve, cell temperatures spread around the core. */
export function readingsOf(sim: { physics: PhysicsState; params: BatteryParams }): BatteryReadings {
  const { soc, soh, currentA, temperatureC } = sim.physics;
  const { capacityAh, cells, imbalance } = sim.params;
  const volts = cellVoltages(soc, currentA, capacityAh, soh, cells, imbalance);
  const cRate = Math.abs(currentA) / capacityAh;
  const maxCellTemperature = temperatureC + 0.5 + 2 * cRate;
  return {
    soc,
    stackVoltage: volts.stack,
    minCellVoltage: volts.min,
    maxCellVoltage: volts.max,
    cellSpread: volts.max - volts.min,
    maxCellTemperature,
    minCellTemperature: temperatureC - 0.3 - cRate,
    boardTemperature: temperatureC + 4 + 3 * cRate,
  };
}

/**
 * Lifetime counters for a battery that has worked since its production date: about one
 * equivalent full cycle per working day, so a new simulation does not start at zero.
 */
export function initialTotals(spec: BatterySpec, nowMs: number, soh: number): BatteryTotals {
  const producedMs = spec.productionDate ? Date.parse(spec.productionDate) : nowMs - 365 * DAY_MS;
  const workingDays = (Math.max(0, nowMs - producedMs) / DAY_MS) * (5.5 / 7);
  const energyKwh = spec.nominalEnergyKwh ?? (spec.capacityAh * spec.nominalVoltage) / 1000;
  const dischargedKwh = workingDays * 0.85 * energyKwh * (soh / 100);
  const totalHours = Math.max(0, nowMs - producedMs) / 3_600_000;
  const dischargingHours = workingDays * 7;
  const chargingHours = workingDays * 4;
  return {
    energyChargedKwh: dischargedKwh * 1.03,
    energyDischargedKwh: dischargedKwh,
    chargingHours,
    dischargingHours,
    standbyHours: Math.max(0, totalHours - chargingHours - dischargingHours),
  };
}
