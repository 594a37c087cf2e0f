import type { DeviceEvent, MdloadTelemetry } from '@cbm/contracts/device-protocol';
import { seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import { advanceBattery, type BatterySim, createBatterySim } from '../battery/battery-sim';
import type { ChargingPoints } from '../battery/charging-points';
import type { MdloadSpec } from '../specs/device-specs';

const STEP_MS = 30_000;
const EFFICIENCY = 0.94;
export const POWER_LIMIT = {
  code: 'M201',
  type: 'warning',
  category: 'Load management',
  description: 'Power limit reached: charging stations throttled',
} as const;

/** A charger-station unit: each station charges the batteries of its trucks; the unit shares out its power limit. */
export interface MdloadSim {
  spec: MdloadSpec;
  /** Each station's trucks, simulated as one battery that comes to the station to charge. */
  stations: { serialNumber: string; battery: BatterySim; powerKw: number }[];
  totalEnergyKwh: number;
  limited: boolean;
  lastMs: number;
  seq: number;
}

// Stations have no monitored chargers of their own: the unit sets their current limit each step.
const stationPoints: ChargingPoints = {
  plugIn: () => ({ chargerSerial: null, maxPowerKw: null }),
  report: () => {},
  unplug: () => {},
};

export function createMdloadSim(spec: MdloadSpec, nowMs: number, firstSeq: number): MdloadSim {
  const random = seededRandom(seedFrom(spec.mdloadSerial));
  return {
    spec,
    stations: spec.stations.map((station) => ({
      serialNumber: station.serialNumber,
      battery: createBatterySim(
        {
          ...station,
          timezone: spec.timezone,
          batteryType: 'station',
          ...(spec.shiftPlan ? { shiftPlan: spec.shiftPlan } : {}),
        },
        nowMs,
        0,
      ),
      powerKw: 0,
    })),
    totalEnergyKwh: Math.round(random.between(20_000, 200_000)),
    limited: false,
    lastMs: nowMs,
    seq: firstSeq,
  };
}

/** Simulates up to toMs; returns the power-limit events raised or cleared. */
export function advanceMdload(sim: MdloadSim, toMs: number): DeviceEvent[] {
  const events: DeviceEvent[] = [];
  while (sim.lastMs < toMs) {
    const t = Math.min(toMs, sim.lastMs + STEP_MS);
    const charging = sim.stations.filter((station) => station.battery.charger);
    const shareKw = sim.spec.maxPowerKw / Math.max(1, charging.length);
    let limited = false;
    for (const station of charging) {
      const { battery } = station;
      const packVolts = battery.params.cells * 3.3;
      const wantedA = 0.3 * battery.params.capacityAh;
      const shareA = (shareKw * 1000 * EFFICIENCY) / packVolts;
      limited ||= shareA < wantedA;
      if (battery.charger) battery.charger.limitA = Math.min(wantedA, shareA);
    }
    let powerKw = 0;
    for (const station of sim.stations) {
      advanceBattery(station.battery, t, stationPoints);
      const chargeA = Math.max(0, station.battery.physics.currentA);
      station.powerKw = (chargeA * station.battery.params.cells * 3.3) / 1000 / EFFICIENCY;
      powerKw += station.powerKw;
    }
    // A station that started charging within this step had no share yet: the unit still holds its limit.
    if (powerKw > sim.spec.maxPowerKw) {
      const factor = sim.spec.maxPowerKw / powerKw;
      for (const station of sim.stations) station.powerKw *= factor;
      powerKw = sim.spec.maxPowerKw;
      limited = true;
    }
    sim.totalEnergyKwh += (powerKw * (t - sim.lastMs)) / 3_600_000;
    if (limited !== sim.limited) {
      sim.limited = limited;
      events.push({ seq: sim.seq++, ts: new Date(t).toISOString(), ...POWER_LIMIT, active: limited });
    }
    sim.lastMs = t;
  }
  return events;
}

export function mdloadTelemetry(sim: MdloadSim): MdloadTelemetry {
  const stations = sim.stations.map((station) => ({
    serialNumber: station.serialNumber,
    powerKw: round(station.powerKw),
    state: station.powerKw > 0.05 ? ('charging' as const) : ('idle' as const),
  }));
  return {
    seq: sim.seq++,
    ts: new Date(sim.lastMs).toISOString(),
    powerKw: round(
      Math.min(
        sim.spec.maxPowerKw,
        stations.reduce((sum, station) => sum + station.powerKw, 0),
      ),
    ),
    totalEnergyKwh: Math.round(sim.totalEnergyKwh * 1000) / 1000,
    stations,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
