import { describe, expect, it } from 'vitest';
import { cellsInSeries, cellVoltages, openCircuitVoltage } from './lfp-curve';

describe('LFP curve', () => {
  it('rises with SoC and is flat in the middle', () => {
    for (let soc = 1; soc <= 100; soc++) expect(openCircuitVoltage(soc)).toBeGreaterThan(openCircuitVoltage(soc - 1));
    expect(openCircuitVoltage(70) - openCircuitVoltage(30)).toBeLessThan(0.06);
    expect(openCircuitVoltage(5) - openCircuitVoltage(0)).toBeGreaterThan(0.4);
  });

  it('gives a 24 V pack about 26 V at rest and more while charging', () => {
    const cells = cellsInSeries(25.6);
    expect(cells).toBe(8);
    const rest = cellVoltages(50, 0, 460, 100, cells, 1);
    expect(rest.stack).toBeCloseTo(26.4, 1);
    expect(cellVoltages(50, 200, 460, 100, cells, 1).stack).toBeGreaterThan(rest.stack);
    expect(cellVoltages(50, -200, 460, 100, cells, 1).stack).toBeLessThan(rest.stack);
  });

  it('spreads cells wider near empty and full', () => {
    const spread = (soc: number) => {
      const volts = cellVoltages(soc, 0, 460, 100, 8, 1);
      return volts.max - volts.min;
    };
    expect(spread(2)).toBeGreaterThan(spread(50) * 3);
    expect(spread(100)).toBeGreaterThan(spread(50) * 3);
  });
});
