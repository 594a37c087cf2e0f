import { describe, expect, it } from 'vitest';
import { AGEING, dailySohLoss, sohLoss, usageProfileOf } from './ageing';

const day = (cellTemperatureC: number, soc = 60, equivalentCycles = 1) =>
  sohLoss({ hours: 24, cellTemperatureC, soc, equivalentCycles });

describe('ageing model', () => {
  it('costs about 2.8 % a year at 25 °C and one cycle a day, reaching SoH 80 % in about seven years', () => {
    expect(day(25) * 365).toBeCloseTo(2.8, 1);
    expect(20 / (day(25) * 365)).toBeGreaterThan(6.5);
    expect(20 / (day(40) * 365)).toBeLessThan(3);
  });

  it('doubles with every 10 °C and wears more below 10 % SoC', () => {
    expect(day(35) / day(25)).toBeCloseTo(2, 5);
    const cycle = (soc: number) => sohLoss({ hours: 0, cellTemperatureC: 25, soc, equivalentCycles: 0.1 });
    expect(cycle(5) / cycle(50)).toBe(AGEING.deepFactor);
    expect(day(25, 90, 0)).toBeGreaterThan(day(25, 30, 0));
  });

  it('gives each serial number one profile, with hot, deep and gentle batteries in a fleet', () => {
    const serials = Array.from({ length: 300 }, (_, n) => String(2_000_000 + n));
    expect(usageProfileOf('2000002')).toEqual(usageProfileOf('2000002'));
    const kinds = serials.map((serial) => usageProfileOf(serial).kind);
    for (const kind of ['hot', 'deep', 'gentle'] as const) {
      expect(kinds.filter((k) => k === kind).length).toBeGreaterThan(30);
    }
  });

  it('prices a day of a profile: warmer with its cycles, worse in a hot hall and with deep drains', () => {
    const gentle = { kind: 'gentle', ambientC: 20, deepDischargeChance: 0.01, opportunityChance: 0.7 } as const;
    // A hall 2 °C below the reference: one cycle a day warms the pack to 25 °C.
    expect(dailySohLoss({ ...gentle, ambientC: 25 - AGEING.warmingPerCycleC, deepDischargeChance: 0 }, 1)).toBeCloseTo(
      day(25),
      12,
    );
    expect(dailySohLoss({ ...gentle, ambientC: 31 }, 1.2)).toBeGreaterThan(2 * dailySohLoss(gentle, 1.2));
    expect(dailySohLoss({ ...gentle, deepDischargeChance: 0.15 }, 1.2)).toBeGreaterThan(dailySohLoss(gentle, 1.2));
  });
});
