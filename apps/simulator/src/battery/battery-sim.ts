import type { BatteryTelemetry, DeviceEvent } from '@cbm/contracts/device-protocol';
import { type Random, seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import {
  type AlarmDefinition,
  faultsStarting,
  HEATING_FAULT,
  RANDOM_FAULTS,
  THRESHOLD_ALARMS,
  thresholdChanges,
} from '@cbm/device-model/battery-alarms';
import { cellsInSeries } from '@cbm/device-model/lfp-curve';
import {
  advanceFirmwareJob,
  DEFAULT_FIRMWARE_TIMING,
  type FirmwareJob,
  type FirmwareTiming,
  holdsStandby,
  type JobUpdate,
} from '../commands/firmware-job';
import { type BatteryParams, type PhysicsState, stepPhysics, usableAh } from '../physics/battery-physics';
import { type CompiledPlan, compilePlan, DEFAULT_SHIFT_PLAN, localTime, shiftPhase } from '../physics/shift-schedule';
import type { BatterySpec } from '../specs/device-specs';
import { type Activity, benchActivity, nextActivity, POWER_STATES, requestedCurrent } from './battery-behaviour';
import { initialTotals, readingsOf } from './battery-readings';
import type { ChargingPoints } from './charging-points';

const MAX_STEP_MS = 30_000;
const CHARGER_EFFICIENCY = 0.94;
const ALARMS = new Map<string, AlarmDefinition>(
  [...THRESHOLD_ALARMS, ...RANDOM_FAULTS].map((alarm) => [alarm.code, alarm]),
);

/** One virtual battery: its physics, what its truck does, its alarms and a running firmware update. */
export interface BatterySim {
  spec: BatterySpec;
  params: BatteryParams;
  plan: CompiledPlan;
  random: Random;
  /** Minutes this truck's day runs ahead of or behind the site's plan. */
  offsetMinutes: number;
  utilisation: number;
  /** Scales the rate of random faults: a few batteries fail much more often than the rest. */
  proneness: number;
  physics: PhysicsState;
  activity: Activity;
  /** The charger the battery is on while charging; serial null for an unmonitored one. */
  charger: { serial: string | null; limitA: number } | null;
  activeAlarms: Set<string>;
  faultsUntil: Map<string, number>;
  lastMs: number;
  /** Per-device sequence number shared by telemetry and events. */
  seq: number;
  firmware: FirmwareJob | null;
  remoteDebuggingUntil: number | null;
}

export interface BatteryStep {
  events: DeviceEvent[];
  jobUpdates: JobUpdate[];
}

export function createBatterySim(spec: BatterySpec, nowMs: number, firstSeq: number): BatterySim {
  const random = seededRandom(seedFrom(spec.serialNumber));
  const soh = spec.soh ?? random.between(88, 100);
  return {
    spec,
    params: {
      capacityAh: spec.capacityAh,
      cells: cellsInSeries(spec.nominalVoltage),
      imbalance: random.between(0.8, 2),
    },
    plan: compilePlan(spec.shiftPlan ?? DEFAULT_SHIFT_PLAN),
    random,
    offsetMinutes: Math.round(random.between(-12, 12)),
    utilisation: random.between(0.4, 0.75),
    proneness: random.chance(0.1) ? 5 : random.between(0.3, 1.2),
    physics: {
      soc: spec.soc ?? random.between(40, 100),
      soh,
      temperatureC: 20,
      currentA: 0,
      totals: initialTotals(spec, nowMs, soh),
    },
    activity: { mode: 'rest', untilMs: 0, loadC: 0, chargeTargetSoc: 100 },
    charger: null,
    activeAlarms: new Set(),
    faultsUntil: new Map(),
    lastMs: nowMs,
    seq: firstSeq,
    firmware: null,
    remoteDebuggingUntil: null,
  };
}

export function batteryEvent(
  sim: BatterySim,
  ts: number,
  alarm: Pick<AlarmDefinition, 'code' | 'description' | 'category'> & { type: DeviceEvent['type'] },
  active: boolean,
): DeviceEvent {
  return {
    seq: sim.seq++,
    ts: new Date(ts).toISOString(),
    type: alarm.type,
    code: alarm.code,
    description: alarm.description,
    category: alarm.category,
    active,
    attributes: eventReadings(sim),
  };
}

/** The figures a BMS sends with an event (docs/protocol.md), named like the event list's attributes. */
function eventReadings(sim: BatterySim): NonNullable<DeviceEvent['attributes']> {
  const readings = readingsOf(sim);
  return {
    SOC: round(readings.soc, 1),
    SOH: round(sim.physics.soh, 2),
    StackVoltage: round(readings.stackVoltage, 2),
    Current: round(sim.physics.currentA, 1),
    MaxCellTemperature: round(readings.maxCellTemperature, 1),
    MinCellVoltage: round(readings.minCellVoltage, 3),
    ChargerSerial: sim.charger?.serial ?? null,
  };
}

const faulted = (sim: BatterySim) => [...sim.activeAlarms].some((code) => ALARMS.get(code)?.type === 'error');

/** Simulates up to toMs in steps of at most 30 s; returns the events raised and job statuses reached. */
export function advanceBattery(
  sim: BatterySim,
  toMs: number,
  points: ChargingPoints,
  timing: FirmwareTiming = DEFAULT_FIRMWARE_TIMING,
): BatteryStep {
  const out: BatteryStep = { events: [], jobUpdates: [] };
  while (sim.lastMs < toMs) {
    const dtMs = Math.min(MAX_STEP_MS, toMs - sim.lastMs);
    const t = sim.lastMs + dtMs;
    const local = localTime(t, sim.spec.timezone);
    updateFaults(sim, t, dtMs, out);
    const activity = sim.spec.bench
      ? benchActivity(sim.activity, t, sim.firmware?.phase === 'waitingForDischarge')
      : nextActivity(
          sim.activity,
          {
            nowMs: t,
            phase: shiftPhase(sim.plan, local, sim.offsetMinutes),
            soc: sim.physics.soc,
            utilisation: sim.utilisation,
            faulted: faulted(sim),
            held: holdsStandby(sim.firmware),
          },
          sim.random,
        );
    switchCharger(sim, activity, points);
    sim.activity = activity;
    const powerState = POWER_STATES[activity.mode];
    const limitA = sim.charger?.limitA ?? 0;
    const heating = sim.activeAlarms.has(HEATING_FAULT) ? 22 : 0;
    sim.physics = stepPhysics(sim.physics, sim.params, {
      currentA: requestedCurrent(activity, sim.params.capacityAh, sim.physics.soc, limitA, sim.random),
      powerState,
      dtMs,
      ambientC: 17 + heating + 4 * Math.sin((2 * Math.PI * (local.minute - 540)) / 1440),
    });
    if (sim.charger?.serial) {
      const readings = readingsOf(sim);
      points.report(
        sim.charger.serial,
        (readings.stackVoltage * Math.max(0, sim.physics.currentA)) / 1000 / CHARGER_EFFICIENCY,
      );
    }
    for (const change of thresholdChanges(readingsOf(sim), sim.activeAlarms))
      raise(sim, t, change.alarm, change.active, out);
    if (sim.firmware) {
      const step = advanceFirmwareJob(sim.firmware, t, powerState, timing);
      sim.firmware = step.job;
      out.jobUpdates.push(...step.updates);
    }
    if (sim.remoteDebuggingUntil !== null && t >= sim.remoteDebuggingUntil) {
      sim.remoteDebuggingUntil = null;
      out.events.push(batteryEvent(sim, t, REMOTE_DEBUGGING, false));
    }
    sim.lastMs = t;
  }
  return out;
}

export const REMOTE_DEBUGGING = {
  code: 'I019',
  type: 'info',
  category: 'Service',
  description: 'Remote debugging over SSH enabled',
} as const;

function raise(sim: BatterySim, t: number, alarm: AlarmDefinition, active: boolean, out: BatteryStep) {
  if (active) sim.activeAlarms.add(alarm.code);
  else sim.activeAlarms.delete(alarm.code);
  out.events.push(batteryEvent(sim, t, alarm, active));
}

function updateFaults(sim: BatterySim, t: number, dtMs: number, out: BatteryStep) {
  for (const [code, untilMs] of sim.faultsUntil) {
    if (t < untilMs) continue;
    sim.faultsUntil.delete(code);
    raise(sim, t, ALARMS.get(code) as AlarmDefinition, false, out);
  }
  for (const { fault, minutes } of faultsStarting(sim.random, dtMs / 60_000, sim.proneness, sim.activeAlarms)) {
    sim.faultsUntil.set(fault.code, t + minutes * 60_000);
    raise(sim, t, fault, true, out);
  }
}

function switchCharger(sim: BatterySim, next: Activity, points: ChargingPoints) {
  if (next.mode === 'charge' && !sim.charger) {
    const plugged = points.plugIn(sim.spec.serialNumber, sim.spec.chargerSerial ?? null);
    const packVolts = sim.params.cells * 3.3;
    const chargerA = plugged.maxPowerKw
      ? (plugged.maxPowerKw * 1000 * CHARGER_EFFICIENCY) / packVolts
      : 0.3 * sim.params.capacityAh;
    sim.charger = { serial: plugged.chargerSerial, limitA: Math.min(chargerA, 0.5 * usableAh(sim.params, 100)) };
  } else if (next.mode !== 'charge' && sim.charger) {
    if (sim.charger.serial) points.unplug(sim.spec.serialNumber, sim.charger.serial);
    sim.charger = null;
  }
}

/** The sample a battery publishes now; takes the next sequence number. */
export function batteryTelemetry(sim: BatterySim): BatteryTelemetry {
  const r = readingsOf(sim);
  const { totals } = sim.physics;
  return {
    seq: sim.seq++,
    ts: new Date(sim.lastMs).toISOString(),
    state: faulted(sim) ? 'error' : POWER_STATES[sim.activity.mode],
    soc: round(sim.physics.soc, 1),
    soh: round(sim.physics.soh, 2),
    stackVoltage: round(r.stackVoltage, 2),
    current: round(sim.physics.currentA, 1),
    minCellVoltage: round(r.minCellVoltage, 3),
    maxCellVoltage: round(r.maxCellVoltage, 3),
    minCellTemperature: round(r.minCellTemperature, 1),
    maxCellTemperature: round(r.maxCellTemperature, 1),
    boardTemperature: round(r.boardTemperature, 1),
    chargerSerial: sim.charger?.serial ?? null,
    totalEnergyChargedKwh: round(totals.energyChargedKwh, 3),
    totalEnergyDischargedKwh: round(totals.energyDischargedKwh, 3),
    totalChargingHours: round(totals.chargingHours, 4),
    totalDischargingHours: round(totals.dischargingHours, 4),
    totalStandbyHours: round(totals.standbyHours, 4),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
