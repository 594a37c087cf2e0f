import { cellVoltages } from '@cbm/device-model/lfp-curve';

export type PowerState = 'charging' | 'discharging' | 'standby' | 'idle' | 'error';

export interface BatteryParams {
  capacityAh: number;
  /** Cells in series. */
  cells: number;
  /** Scales the cell voltage spread: 1 is a healthy pack, 3 a badly balanced one. */
  imbalance: number;
}

/** Lifetime counters, like the meters of a real BMS: they never go down. */
export interface BatteryTotals {
  energyChargedKwh: number;
  energyDischargedKwh: number;
  chargingHours: number;
  dischargingHours: number;
  standbyHours: number;
}

export interface PhysicsState {
  soc: number;
  soh: number;
  /** Core temperature of the pack in °C. */
  temperatureC: number;
  /** Current actually flowing in the last step, positive charges. */
  currentA: number;
  totals: BatteryTotals;
}

export interface StepInput {
  /** Requested current, positive charges; limited so that SoC stays within 0–100 %. */
  currentA: number;
  powerState: PowerState;
  dtMs: number;
  ambientC: number;
}

const HOUR_MS = 3_600_000;
const SOH_LOSS_PER_CYCLE = 0.006;
const SOH_LOSS_PER_HOUR = 1.5 / 8760;
const THERMAL_TIME_CONSTANT_H = 1.5;

/** Usable charge in Ah: capacity reduced by the state of health. */
export const usableAh = (params: BatteryParams, soh: number) => (params.capacityAh * Math.max(soh, 1)) / 100;

/** Steady temperature rise above ambient for a C-rate: resistive heating grows with the square. */
export const temperatureRise = (cRate: number) => 10 * cRate + 16 * cRate * cRate;

/**
 * One step of coulomb counting, energy metering, ageing and heating. Pure: the same input gives the
 * same output, and the counters only grow.
 */
export function stepPhysics(state: PhysicsState, params: BatteryParams, input: StepInput): PhysicsState {
  const hours = input.dtMs / HOUR_MS;
  if (hours <= 0) return state;
  const capacity = usableAh(params, state.soh);
  const roomAh = ((100 - state.soc) / 100) * capacity;
  const storedAh = (state.soc / 100) * capacity;
  const currentA = Math.min(Math.max(input.currentA, -storedAh / hours), roomAh / hours);
  const chargeAh = currentA * hours;
  const soc = Math.min(100, Math.max(0, state.soc + (chargeAh / capacity) * 100));
  const midSoc = (state.soc + soc) / 2;
  const volts = cellVoltages(midSoc, currentA, params.capacityAh, state.soh, params.cells, params.imbalance).stack;
  const energyKwh = (Math.abs(currentA) * volts * hours) / 1000;
  const dischargedAh = currentA < 0 ? -chargeAh : 0;
  const soh = Math.max(
    0,
    state.soh - (dischargedAh / params.capacityAh) * SOH_LOSS_PER_CYCLE - hours * SOH_LOSS_PER_HOUR,
  );
  const target = input.ambientC + temperatureRise(Math.abs(currentA) / params.capacityAh);
  const temperatureC = target + (state.temperatureC - target) * Math.exp(-hours / THERMAL_TIME_CONSTANT_H);
  const { totals } = state;
  return {
    soc,
    soh,
    temperatureC,
    currentA,
    totals: {
      energyChargedKwh: totals.energyChargedKwh + (currentA > 0 ? energyKwh : 0),
      energyDischargedKwh: totals.energyDischargedKwh + (currentA < 0 ? energyKwh : 0),
      chargingHours: totals.chargingHours + (input.powerState === 'charging' ? hours : 0),
      dischargingHours: totals.dischargingHours + (input.powerState === 'discharging' ? hours : 0),
      standbyHours:
        totals.standbyHours + (input.powerState === 'charging' || input.powerState === 'discharging' ? 0 : hours),
    },
  };
}
