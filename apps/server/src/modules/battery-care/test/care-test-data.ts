import type { BatteryState } from '@cbm/contracts/device-protocol';
import { type Random, seededRandom } from '@cbm/demo-fixtures/random';
import type { ReportSample } from '../../reports/report-csv';

const MINUTE = 60_000;
const half = (value: number) => Math.round(value * 2) / 2;

/** A long parking spell at low SoC forced into a battery's series: [from, to) ISO, at this SoC. */
export interface ForcedParking {
  from: string;
  to: string;
  soc: number;
}

interface Profile {
  /** Cell temperature while resting; work adds 5–12 °C. */
  baseCelsius: number;
  parkings: readonly ForcedParking[];
}

/**
 * Samples every 7–13 minutes with gaps of 20–400 minutes, driving down to 4–40 % and charging up to 55–100 %,
 * SoC and temperatures in half steps (so values sit exactly on the 10 %, 20 %, 30 % and 45 °C edges), and the
 * forced parking spells (a parked battery reports every few hours).
 */
export function careSamples(serialNumber: string, fromMs: number, toMs: number, seed: number, profile: Profile) {
  const random = seededRandom(seed);
  const samples: ReportSample[] = [];
  let soc = 60;
  let state: BatteryState = 'discharging';
  let target = 20;
  for (let ts = fromMs; ts < toMs; ) {
    const parking = profile.parkings.find((spell) => ts >= Date.parse(spell.from) && ts < Date.parse(spell.to));
    if (parking) {
      samples.push(sample(serialNumber, ts, 'idle', parking.soc, half(profile.baseCelsius)));
      ts += random.int(30, 300) * MINUTE;
      continue;
    }
    ({ state, soc, target } = step(random, state, soc, target));
    const working = state === 'charging' || state === 'discharging';
    const celsius = half(profile.baseCelsius + (working ? random.between(5, 12) : random.between(-2, 2)));
    samples.push(sample(serialNumber, ts, state, soc, celsius));
    ts += random.chance(0.03) ? random.int(20, 400) * MINUTE : random.int(7, 13) * MINUTE + random.int(0, 59_999);
  }
  return samples;
}

function step(random: Random, state: BatteryState, soc: number, target: number) {
  if (state === 'discharging' && soc <= target) {
    return { state: 'standby' as const, soc, target: random.pick([55, 80, 100, 100]) };
  }
  if (state === 'standby' && random.chance(0.3)) return { state: 'charging' as const, soc, target };
  if (state === 'charging' && soc >= target)
    return { state: 'idle' as const, soc, target: random.pick([4, 9.5, 15, 25, 40]) };
  if (state === 'idle' && random.chance(0.2)) return { state: 'discharging' as const, soc, target };
  if (state === 'charging') return { state, soc: Math.min(100, half(soc + random.between(2, 8))), target };
  if (state === 'discharging') return { state, soc: Math.max(0, half(soc - random.between(0.5, 4))), target };
  return { state, soc, target };
}

function sample(serialNumber: string, ts: number, state: BatteryState, soc: number, celsius: number): ReportSample {
  return {
    serialNumber,
    ts,
    state,
    soc,
    soh: 95,
    stackVoltage: 51.2,
    current: state === 'charging' ? 60 : state === 'discharging' ? -40 : 0,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.3,
    minCellTemperature: celsius - 3,
    maxCellTemperature: celsius,
    boardTemperature: null,
    chargerSerial: state === 'charging' ? 'CHG-CARE-1' : null,
    totalEnergyChargedKwh: 1000,
    totalEnergyDischargedKwh: 900,
    totalChargingHours: 100,
    totalDischargingHours: 200,
    totalStandbyHours: 50,
  };
}
