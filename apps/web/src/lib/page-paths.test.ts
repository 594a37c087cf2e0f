import { describe, expect, it } from 'vitest';
import { batteryPagePath, devicePagePath, unitPagePath } from './page-paths';

describe('device page paths', () => {
  it('puts the serial into the path as one segment', () => {
    expect(batteryPagePath(7, '2010001')).toBe('/7/batteries/2010001');
    expect(batteryPagePath(7, 'A/B 1')).toBe('/7/batteries/A%2FB%201');
    expect(unitPagePath(3, 'MDL-1')).toBe('/3/mdload/units/MDL-1');
  });

  it('opens a battery event on the battery page and a charger-station event on the unit page', () => {
    expect(devicePagePath('battery', 2, 'X1')).toBe('/2/batteries/X1');
    expect(devicePagePath('mdload', 2, 'M1')).toBe('/2/mdload/units/M1');
  });
});
