import {
  type BatteryTelemetry,
  batteryTelemetrySchema,
  type DeviceEvent,
  deviceEventSchema,
} from '@cbm/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import { localTime, shiftPhase } from '../physics/shift-schedule';
import { advanceBattery, batteryTelemetry, createBatterySim } from './battery-sim';
import { chargerPool } from './charging-points';

const MONDAY = Date.parse('2025-06-02T00:00:00+02:00');
const STEP = 10_000;
const spec = {
  serialNumber: '2000001',
  timezone: 'Europe/Berlin',
  batteryType: 'L24-460',
  capacityAh: 460,
  nominalVoltage: 25.6,
  chargerSerial: 'CH-0001',
  soc: 90,
  productionDate: '2023-01-01',
};

/** Samples every 10 s, as a device would send them: a week unless told otherwise. */
function simulate(serialNumber = spec.serialNumber, days = 7) {
  const pool = chargerPool([{ serialNumber: 'CH-0001', maxPowerKw: 5 }]);
  const sim = createBatterySim({ ...spec, serialNumber }, MONDAY, 1);
  const samples: BatteryTelemetry[] = [];
  const events: DeviceEvent[] = [];
  for (let t = MONDAY + STEP; t <= MONDAY + days * 86_400_000; t += STEP) {
    events.push(...advanceBattery(sim, t, pool).events);
    samples.push(batteryTelemetry(sim));
  }
  return { sim, samples, events };
}

describe('a simulated battery week', () => {
  const { sim, samples, events } = simulate();
  const local = (sample: BatteryTelemetry) => localTime(Date.parse(sample.ts), spec.timezone);

  it('sends schema-valid samples and events', () => {
    // Every tenth sample keeps the test quick; the fleet test validates every message it receives.
    const invalid = samples.filter(
      (sample, index) => index % 10 === 0 && !batteryTelemetrySchema.safeParse(sample).success,
    );
    expect(invalid).toEqual([]);
    for (const event of events) expect(deviceEventSchema.parse(event)).toEqual(event);
  });

  it('sends its readings with every event (docs/protocol.md), as the event list shows them', () => {
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.attributes).toMatchObject({ SOC: expect.any(Number), StackVoltage: expect.any(Number) });
    }
  });

  it('discharges only during its shifts and stands by on Sunday', () => {
    const outsideShifts = samples.filter(
      (sample) =>
        sample.state === 'discharging' && shiftPhase(sim.plan, local(sample), sim.offsetMinutes).kind !== 'shift',
    );
    expect(outsideShifts).toEqual([]);
    const sunday = samples.filter((sample) => local(sample).weekday === 6);
    expect(new Set(sunday.map((sample) => sample.state))).toEqual(new Set(['standby']));
    expect(samples.filter((sample) => sample.state === 'discharging').length).toBeGreaterThan(samples.length / 5);
  });

  it('charges in breaks or when low, and to full after the last shift', () => {
    const charging = samples.filter((sample) => sample.state === 'charging');
    expect(charging.some((sample) => shiftPhase(sim.plan, local(sample), sim.offsetMinutes).kind === 'break')).toBe(
      true,
    );
    const beforeMorningShift = samples.filter((sample) => local(sample).weekday < 6 && local(sample).minute === 5 * 60);
    expect(beforeMorningShift.length).toBeGreaterThan(0);
    expect(beforeMorningShift.filter((sample) => sample.soc <= 97)).toEqual([]);
    expect(charging.some((sample) => sample.chargerSerial === 'CH-0001')).toBe(true);
  });

  it('keeps lifetime counters monotonic and consistent with the samples', () => {
    const counters = [
      'totalEnergyChargedKwh',
      'totalEnergyDischargedKwh',
      'totalChargingHours',
      'totalDischargingHours',
      'totalStandbyHours',
    ] as const;
    let integratedKwh = 0;
    const decreases: string[] = [];
    samples.forEach((sample, index) => {
      const previous = samples[index - 1];
      if (!previous) return;
      for (const counter of counters)
        if (sample[counter] < previous[counter]) decreases.push(`${sample.ts} ${counter}`);
      if (sample.current < 0) integratedKwh += (-sample.current * sample.stackVoltage * STEP) / 3_600_000_000;
    });
    expect(decreases).toEqual([]);
    const first = samples[0] as BatteryTelemetry;
    const last = samples.at(-1) as BatteryTelemetry;
    const metered = last.totalEnergyDischargedKwh - first.totalEnergyDischargedKwh;
    expect(Math.abs(metered - integratedKwh) / metered).toBeLessThan(0.02);
    const hours = counters.slice(2).reduce((sum, counter) => sum + last[counter] - first[counter], 0);
    expect(hours).toBeCloseTo((samples.length - 1) * (STEP / 3_600_000), 2);
  });

  it('numbers telemetry and events with one increasing sequence', () => {
    const seqs = [...samples, ...events].map((message) => message.seq).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs[0]).toBe(1);
    expect(seqs.at(-1)).toBe(seqs.length);
  });

  it('raises and clears each condition in turn', () => {
    expect(events.length).toBeGreaterThan(0);
    const active = new Map<string, boolean>();
    for (const event of events) {
      expect(active.get(event.code) ?? false).toBe(!event.active);
      active.set(event.code, event.active);
    }
  });

  it('is deterministic per serial number', () => {
    const day = (serial: string) => simulate(serial, 1).samples.at(-1);
    expect(day(spec.serialNumber)).toEqual(day(spec.serialNumber));
    expect(day('2000002')).not.toEqual(day(spec.serialNumber));
  });
});
