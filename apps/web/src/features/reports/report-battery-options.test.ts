import { describe, expect, it } from 'vitest';
import { matchingBatteries, serialOf } from './report-battery-options';

const batteries = [
  { batterySerialNumber: '2010027', batteryName: 'Stapler 27' },
  { batterySerialNumber: '2010028', batteryName: 'Stapler 28' },
  { batterySerialNumber: '2010270', batteryName: 'Schlepper 1' },
];

describe('report battery picker', () => {
  it('matches names as well as serials, ignoring case', () => {
    expect(matchingBatteries(batteries, 'stapler 27').map((b) => b.batterySerialNumber)).toEqual(['2010027']);
    expect(matchingBatteries(batteries, '027').map((b) => b.batterySerialNumber)).toEqual(['2010027', '2010270']);
    expect(matchingBatteries(batteries, ' ')).toHaveLength(3);
  });

  it('reads a typed unique name as its battery’s serial', () => {
    expect(serialOf(batteries, 'Stapler 28')).toBe('2010028');
    expect(serialOf(batteries, '2010270')).toBe('2010270');
    expect(serialOf(batteries, 'Stapler')).toBe('Stapler');
  });
});
