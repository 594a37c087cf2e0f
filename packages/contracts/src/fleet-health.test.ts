import { describe, expect, it } from 'vitest';
import {
  batteryHealthKey,
  healthFigures,
  healthState,
  serviceState,
  shownStatus,
  siteCondition,
  stationFigures,
  stationState,
} from './fleet-health';

const battery = (fields: Partial<Parameters<typeof healthFigures>[0][number]> = {}) => ({
  status: 'standby' as const,
  online: true,
  soc: 50,
  nextServiceDate: null,
  errorWithin24h: false,
  ...fields,
});

describe('fleet health rules', () => {
  it('gives each battery one of five states, offline before error', () => {
    expect(healthState({ status: 'error', online: true })).toBe('error');
    expect(healthState({ status: 'error', online: false })).toBe('offline');
    expect(healthState({ status: 'charging', online: false })).toBe('offline');
    expect(healthState({ status: 'not connected', online: null })).toBe('offline');
    expect(healthState({ status: 'discharging', online: true })).toBe('discharging');
    expect(healthState({ status: 'connected', online: true })).toBe('standby');
    expect(healthState({ status: 'idle', online: null })).toBe('standby');
  });

  it("shows a current error as status 'error' while connected, a disconnected battery's status as it is", () => {
    expect(shownStatus('charging', 'E101')).toBe('error');
    expect(shownStatus('charging', null)).toBe('charging');
    expect(shownStatus('silent', 'E101')).toBe('silent');
    expect(shownStatus('offline', 'E101')).toBe('offline');
    expect(healthState({ status: shownStatus('silent', 'E101'), online: true })).toBe('offline');
  });

  it('calls a service date before today overdue and one up to 14 days ahead due', () => {
    expect(serviceState('2026-11-25', '2026-11-26')).toBe('overdue');
    expect(serviceState('2026-11-26', '2026-11-26')).toBe('due');
    expect(serviceState('2026-12-10', '2026-11-26')).toBe('due');
    expect(serviceState('2026-12-11', '2026-11-26')).toBeNull();
    expect(serviceState(null, '2026-11-26')).toBeNull();
  });

  it('counts the figures and names the worst state of a site', () => {
    const figures = healthFigures(
      [
        battery({ soc: 19.9, nextServiceDate: '2026-01-01' }),
        battery({ soc: 20, status: 'charging', errorWithin24h: true }),
        battery({ status: 'offline', online: false, soc: null }),
      ],
      '2026-11-26',
    );
    expect(figures).toMatchObject({ batteries: 3, standby: 1, charging: 1, offline: 1, lowSoc: 1 });
    expect(figures).toMatchObject({ errorWithin24h: 1, serviceOverdue: 1, serviceDue: 0, licencesExpiring: null });
    expect(siteCondition(figures)).toBe('offline');
    expect(siteCondition({ ...figures, error: 1 })).toBe('error');
    expect(siteCondition({ ...figures, offline: 0 })).toBe('attention');
    expect(siteCondition({ ...figures, offline: 0, lowSoc: 0, serviceOverdue: 0 })).toBe('ok');
    expect(siteCondition(healthFigures([], '2026-11-26'))).toBe('empty');
  });

  it('gives each charger-station unit one of four states and counts them', () => {
    expect(stationState({ status: 'error', online: false })).toBe('offline');
    expect(stationState({ status: 'error', online: null })).toBe('error');
    expect(stationState({ status: 'charging', online: false })).toBe('offline');
    expect(stationState({ status: 'not connected', online: null })).toBe('offline');
    expect(stationState({ status: 'charging', online: true })).toBe('charging');
    expect(stationState({ status: 'idle', online: true })).toBe('standby');
    expect(stationState({ status: 'online', online: null })).toBe('standby');
    const units = [
      { status: 'idle' as const, online: true },
      { status: 'error' as const, online: true },
      { status: 'offline' as const, online: false },
    ];
    expect(stationFigures(units)).toEqual({ units: 3, charging: 0, standby: 1, offline: 1, error: 1 });
    expect(healthFigures([], '2026-11-26')).toMatchObject({ activeAlarms: null, stations: null });
  });
});

describe('batteryHealthKey', () => {
  const live = {
    status: 'charging' as const,
    online: true,
    soc: 50,
    currentErrorCode: null,
    lastErrorAt: null,
  };

  it('changes with the live state, low SoC and errors, not with another reading', () => {
    const key = batteryHealthKey(live);
    expect(batteryHealthKey({ ...live, soc: 48 })).toBe(key);
    expect(batteryHealthKey({ ...live, soc: 19 })).not.toBe(key);
    expect(batteryHealthKey({ ...live, soc: 18 })).toBe(batteryHealthKey({ ...live, soc: 19 }));
    expect(batteryHealthKey({ ...live, status: 'discharging' })).not.toBe(key);
    expect(batteryHealthKey({ ...live, online: false })).not.toBe(key);
    expect(batteryHealthKey({ ...live, currentErrorCode: 'E101' })).not.toBe(key);
    expect(batteryHealthKey({ ...live, lastErrorAt: '2026-11-27T10:00:00.000Z' })).not.toBe(key);
  });
});
