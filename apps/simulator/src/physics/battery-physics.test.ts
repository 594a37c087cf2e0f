import { seededRandom } from '@cbm/demo-fixtures/random';
import { describe, expect, it } from 'vitest';
import { type BatteryParams, type PhysicsState, type PowerState, stepPhysics } from './battery-physics';

const params: BatteryParams = { capacityAh: 460, cells: 8, imbalance: 1 };
const HOUR = 3_600_000;

const fresh = (soc: number): PhysicsState => ({
  soc,
  soh: 100,
  temperatureC: 20,
  currentA: 0,
  totals: { energyChargedKwh: 0, energyDischargedKwh: 0, chargingHours: 0, dischargingHours: 0, standbyHours: 0 },
});

describe('stepPhysics', () => {
  it('counts coulombs against the usable capacity', () => {
    const charged = stepPhysics(fresh(20), params, { currentA: 92, powerState: 'charging', dtMs: HOUR, ambientC: 20 });
    expect(charged.soc).toBeCloseTo(40, 6);
    const aged = stepPhysics({ ...fresh(20), soh: 80 }, params, {
      currentA: 92,
      powerState: 'charging',
      dtMs: HOUR,
      ambientC: 20,
    });
    expect(aged.soc).toBeCloseTo(45, 1);
  });

  it('meters energy as voltage times charge, in the direction of the current', () => {
    const after = stepPhysics(fresh(80), params, {
      currentA: -100,
      powerState: 'discharging',
      dtMs: HOUR,
      ambientC: 20,
    });
    // Eight LFP cells on the plateau under load: about 26 V, so 100 Ah is about 2.6 kWh.
    expect(after.totals.energyDischargedKwh).toBeGreaterThan(2.5);
    expect(after.totals.energyDischargedKwh).toBeLessThan(2.7);
    expect(after.totals.energyChargedKwh).toBe(0);
    expect(after.totals.dischargingHours).toBeCloseTo(1, 9);
  });

  it('never leaves 0–100 % and stops the current at the ends', () => {
    const empty = stepPhysics(fresh(1), params, {
      currentA: -500,
      powerState: 'discharging',
      dtMs: HOUR,
      ambientC: 20,
    });
    expect(empty.soc).toBe(0);
    expect(empty.currentA).toBeCloseTo(-4.6, 6);
    const full = stepPhysics(fresh(99), params, { currentA: 500, powerState: 'charging', dtMs: HOUR, ambientC: 20 });
    expect(full.soc).toBe(100);
  });

  it('keeps SoC in range, counters monotonic and hours equal to the time simulated, whatever the currents', () => {
    const random = seededRandom(7);
    const states: PowerState[] = ['charging', 'discharging', 'standby', 'idle', 'error'];
    let state = fresh(50);
    let elapsedHours = 0;
    const violations: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      const dtMs = random.between(1_000, 120_000);
      const next = stepPhysics(state, params, {
        currentA: random.between(-600, 600),
        powerState: states[Math.floor(random.next() * states.length)] ?? 'standby',
        dtMs,
        ambientC: random.between(-10, 35),
      });
      if (next.soc < 0 || next.soc > 100) violations.push(`step ${i}: soc ${next.soc}`);
      for (const [name, value] of Object.entries(next.totals)) {
        if (value < state.totals[name as keyof typeof state.totals]) violations.push(`step ${i}: ${name} went down`);
      }
      if (next.soh > state.soh) violations.push(`step ${i}: soh went up`);
      elapsedHours += dtMs / HOUR;
      state = next;
    }
    expect(violations).toEqual([]);
    const { chargingHours, dischargingHours, standbyHours } = state.totals;
    expect(chargingHours + dischargingHours + standbyHours).toBeCloseTo(elapsedHours, 6);
  });

  it('ages slowly: a year of daily cycles costs a few percent of health', () => {
    let state = fresh(100);
    for (let day = 0; day < 365; day++) {
      state = stepPhysics(state, params, { currentA: -92, powerState: 'discharging', dtMs: 4 * HOUR, ambientC: 20 });
      state = stepPhysics(state, params, { currentA: 92, powerState: 'charging', dtMs: 4 * HOUR, ambientC: 20 });
      state = stepPhysics(state, params, { currentA: 0, powerState: 'standby', dtMs: 16 * HOUR, ambientC: 20 });
    }
    expect(state.soh).toBeLessThan(99);
    expect(state.soh).toBeGreaterThan(95);
  });

  it('warms with current towards a steady rise and cools back to ambient', () => {
    let hot = fresh(100);
    for (let minute = 0; minute < 60; minute++) {
      hot = stepPhysics(hot, params, { currentA: -230, powerState: 'discharging', dtMs: 60_000, ambientC: 20 });
    }
    // Half a C-rate heads for 9 °C above ambient with a time constant of 1.5 h: about 4.4 °C after an hour.
    expect(hot.temperatureC).toBeCloseTo(24.4, 0);
    const cooled = stepPhysics(hot, params, { currentA: 0, powerState: 'standby', dtMs: 10 * HOUR, ambientC: 20 });
    expect(cooled.temperatureC).toBeCloseTo(20, 0);
  });
});
