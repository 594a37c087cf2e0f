import type { DeviceLicence } from '@cbm/contracts/licences';
import { describe, expect, it } from 'vitest';
import { licenceStatus, visibleLicences } from './licence-list';

const device = (displayId: string, eoLDate: string | null, batteryName: string | null = null): DeviceLicence => ({
  displayId,
  hardwareSerialNumber: `HW-${displayId}`,
  eoLDate,
  batterySerialNumber: batteryName && `S-${displayId}`,
  batteryName,
});

describe('licence status', () => {
  it.each([
    ['2026-11-20', { state: 'expired', days: -1 }],
    ['2026-11-21', { state: 'expiring', days: 0 }],
    ['2026-12-21', { state: 'expiring', days: 30 }],
    ['2026-12-22', { state: 'valid', days: 31 }],
    ['2027-03-29', { state: 'valid', days: 128 }],
  ])('ends %s → %j (today 2026-11-21)', (eoLDate, status) => {
    expect(licenceStatus(eoLDate, '2026-11-21')).toEqual(status);
  });

  it('has no end without a date', () => {
    expect(licenceStatus(null, '2026-11-21')).toEqual({ state: 'unlimited' });
  });

  it('counts calendar days across a change of daylight saving time', () => {
    expect(licenceStatus('2027-04-01', '2027-03-01').days).toBe(31);
  });
});

describe('licence list', () => {
  const devices = [device('D10', '2027-01-01', 'Stapler 7'), device('D2', null), device('D9', '2026-12-01', 'Reach 3')];

  it('searches display id, hardware serial and battery', () => {
    expect(visibleLicences(devices, 'reach', { key: 'displayId', descending: false }).map((d) => d.displayId)).toEqual([
      'D9',
    ]);
    expect(visibleLicences(devices, 'hw-d1', { key: 'displayId', descending: false }).map((d) => d.displayId)).toEqual([
      'D10',
    ]);
  });

  it('sorts numerically and both ways', () => {
    const ids = (descending: boolean) =>
      visibleLicences(devices, '', { key: 'displayId', descending }).map((d) => d.displayId);
    expect(ids(false)).toEqual(['D2', 'D9', 'D10']);
    expect(ids(true)).toEqual(['D10', 'D9', 'D2']);
  });

  it('sorts by end date with devices without one last either way', () => {
    const ids = (descending: boolean) =>
      visibleLicences(devices, '', { key: 'eoLDate', descending }).map((d) => d.displayId);
    expect(ids(false)).toEqual(['D9', 'D10', 'D2']);
    expect(ids(true)).toEqual(['D10', 'D9', 'D2']);
  });
});
