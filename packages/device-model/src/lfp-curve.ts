/** LFP cell behaviour: open-circuit voltage against state of charge, and voltage under current. */
export const LFP_NOMINAL_CELL_VOLTAGE = 3.2;
const MAX_CELL_VOLTAGE = 3.65;
const MIN_CELL_VOLTAGE = 2.5;

// Rested open-circuit voltage of an LFP cell: steep at both ends, a long flat plateau in between.
const OCV_TABLE: readonly (readonly [soc: number, volts: number])[] = [
  [0, 2.5],
  [5, 3.0],
  [10, 3.18],
  [20, 3.24],
  [30, 3.27],
  [40, 3.29],
  [50, 3.3],
  [60, 3.31],
  [70, 3.32],
  [80, 3.33],
  [90, 3.34],
  [95, 3.37],
  [100, 3.45],
];

/** Open-circuit cell voltage for a state of charge in percent. */
export function openCircuitVoltage(soc: number): number {
  const clamped = Math.min(100, Math.max(0, soc));
  for (let i = 1; i < OCV_TABLE.length; i++) {
    const [socHigh, voltsHigh] = OCV_TABLE[i] as readonly [number, number];
    if (clamped <= socHigh) {
      const [socLow, voltsLow] = OCV_TABLE[i - 1] as readonly [number, number];
      return voltsLow + ((clamped - socLow) / (socHigh - socLow)) * (voltsHigh - voltsLow);
    }
  }
  return 3.45;
}

export const cellsInSeries = (nominalVoltage: number) =>
  Math.max(1, Math.round(nominalVoltage / LFP_NOMINAL_CELL_VOLTAGE));

/** Internal resistance of one series cell group in ohms; grows as the battery ages. */
export const cellResistance = (capacityAh: number, soh: number) => (0.1 / capacityAh) * (1 + (100 - soh) / 20);

export interface CellVoltages {
  min: number;
  max: number;
  stack: number;
}

/**
 * Cell and stack voltages under current (positive charges). The spread between the weakest and the
 * strongest cell widens near empty and full, where the LFP curve is steep.
 */
export function cellVoltages(
  soc: number,
  currentA: number,
  capacityAh: number,
  soh: number,
  cells: number,
  imbalance: number,
): CellVoltages {
  const mean = clampCell(openCircuitVoltage(soc) + currentA * cellResistance(capacityAh, soh));
  const edge = soc < 15 ? (15 - soc) / 15 : soc > 95 ? (soc - 95) / 5 : 0;
  const spread = (0.004 + 0.03 * edge) * imbalance;
  return { min: clampCell(mean - spread * 0.6), max: clampCell(mean + spread * 0.4), stack: mean * cells };
}

const clampCell = (volts: number) => Math.min(MAX_CELL_VOLTAGE, Math.max(MIN_CELL_VOLTAGE, volts));
