import type { SiteCondition, SiteHealth } from '@cbm/contracts/fleet-health';
import { LIVE_STREAM_MAX_SITES } from '@cbm/contracts/live-stream';
import { describe, expect, it } from 'vitest';
import { shownRows, siteRows, streamedSites } from './site-health-model';

const site = (operatingSiteId: number, name: string) => ({ operatingSiteId, name, parents: 'Org > Region' });
const health = (operatingSiteId: number, condition: SiteCondition, figures: Partial<SiteHealth> = {}): SiteHealth => ({
  operatingSiteId,
  condition,
  batteries: 10,
  charging: 0,
  discharging: 0,
  standby: 10,
  offline: 0,
  error: 0,
  errorWithin24h: 0,
  lowSoc: 0,
  serviceDue: 0,
  serviceOverdue: 0,
  licencesExpiring: null,
  activeAlarms: null,
  stations: null,
  ...figures,
});

const sites = [site(1, 'Bremen'), site(2, 'Aachen'), site(3, 'Linz'), site(4, 'Wien')];
const figures = [
  health(1, 'ok'),
  health(2, 'attention', { lowSoc: 3, serviceDue: 1 }),
  health(3, 'error', { error: 2, serviceOverdue: 2 }),
  health(4, 'empty', { batteries: 0, standby: 0 }),
];
const names = (rows: ReturnType<typeof shownRows>) => rows.map((row) => row.site.name);

describe('site health model', () => {
  const rows = siteRows(sites, figures);

  it('sorts by the worst state, by a figure (the most first) or by name', () => {
    expect(names(shownRows(rows, '', 'all', 'condition'))).toEqual(['Linz', 'Aachen', 'Bremen', 'Wien']);
    expect(names(shownRows(rows, '', 'all', 'service'))).toEqual(['Linz', 'Aachen', 'Bremen', 'Wien']);
    expect(names(shownRows(rows, '', 'all', 'name'))).toEqual(['Aachen', 'Bremen', 'Linz', 'Wien']);
  });

  it('filters by a figure and by the search text', () => {
    expect(names(shownRows(rows, '', 'lowSoc', 'name'))).toEqual(['Aachen']);
    expect(names(shownRows(rows, '', 'service', 'name'))).toEqual(['Aachen', 'Linz']);
    expect(names(shownRows(rows, 'li', 'all', 'name'))).toEqual(['Linz']);
    expect(names(shownRows(siteRows(sites, undefined), '', 'error', 'name'))).toEqual([]);
  });

  it('sorts and filters by active alarms and charger stations, counting 0 where the user does not see them', () => {
    const stations = { units: 2, charging: 0, standby: 1, offline: 0, error: 1 };
    const withAlarms = siteRows(sites, [
      health(1, 'ok', { activeAlarms: 1 }),
      health(2, 'ok', { activeAlarms: 4, stations }),
      health(3, 'ok', { stations: { ...stations, units: 5, error: 0, standby: 5 } }),
      health(4, 'ok'),
    ]);
    expect(names(shownRows(withAlarms, '', 'all', 'activeAlarms'))).toEqual(['Aachen', 'Bremen', 'Linz', 'Wien']);
    expect(names(shownRows(withAlarms, '', 'activeAlarms', 'name'))).toEqual(['Aachen', 'Bremen']);
    expect(names(shownRows(withAlarms, '', 'all', 'stations'))).toEqual(['Linz', 'Aachen', 'Bremen', 'Wien']);
    expect(names(shownRows(withAlarms, '', 'stationError', 'name'))).toEqual(['Aachen']);
  });

  it('follows every site in one stream, those without batteries too (their charger stations and alarms)', () => {
    expect(streamedSites(figures)).toEqual([1, 2, 3, 4]);
    expect(streamedSites(undefined)).toEqual([]);
  });

  it('follows the worst sites where there are more than one stream may follow', () => {
    const many = Array.from({ length: LIVE_STREAM_MAX_SITES }, (_, n) => health(n + 10, 'ok'));
    const followed = streamedSites([...many, health(1, 'error')]);
    expect(followed).toHaveLength(LIVE_STREAM_MAX_SITES);
    expect(followed[0]).toBe(1);
  });
});
