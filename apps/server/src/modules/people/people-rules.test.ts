import { describe, expect, it } from 'vitest';
import { accessChange, isManageable, ungrantable } from './people-rules';

const scope = {
  features: new Set(['cbm_liveview', 'cbm_osadmin'] as const),
  sites: new Map([[1, ['battery.report'] as const]]),
};

describe('ungrantable', () => {
  it('names features not held, sites not managed and rules not held there', () => {
    expect(
      ungrantable(scope, {
        features: ['cbm_liveview', 'cbm_statistic'],
        sites: [
          { operatingSiteId: 1, permissions: ['battery.report', 'battery.statistic'] },
          { operatingSiteId: 2, permissions: [] },
        ],
      }),
    ).toEqual(['cbm_statistic', 'battery.statistic (site 1)', 'site 2']);
  });

  it('is empty when everything is the administrator’s to give', () => {
    expect(ungrantable(scope, { features: ['cbm_osadmin'], sites: [{ operatingSiteId: 1, permissions: [] }] })).toEqual(
      [],
    );
  });
});

describe('isManageable', () => {
  const admin = { id: 1, features: scope.features, managedSiteIds: new Set([1, 2]) };
  const holdings = (features: string[], siteIds: number[]) =>
    ({ features, sites: new Map(siteIds.map((id) => [id, []])) }) as Parameters<typeof isManageable>[2];

  it('holds for a user whose features and sites lie within the administrator’s', () => {
    expect(isManageable(admin, 7, holdings(['cbm_liveview'], [2]))).toBe(true);
    expect(isManageable(admin, 7, holdings([], []))).toBe(true);
  });

  it('fails for a feature or a site beyond them, and for the own account', () => {
    expect(isManageable(admin, 7, holdings(['cbm_update'], [1]))).toBe(false);
    expect(isManageable(admin, 7, holdings(['cbm_liveview'], [1, 3]))).toBe(false);
    expect(isManageable(admin, 1, holdings([], []))).toBe(false);
  });
});

describe('accessChange', () => {
  it('keeps only the changed fields, whatever the order', () => {
    const before = {
      features: ['cbm_osadmin', 'cbm_liveview'] as const,
      sites: [{ operatingSiteId: 1, permissions: [] }],
    };
    const after = { features: ['cbm_liveview', 'cbm_osadmin'] as const, sites: [] };
    expect(
      accessChange({ ...before, features: [...before.features] }, { ...after, features: [...after.features] }),
    ).toEqual({
      previous: { sites: [{ operatingSiteId: 1, permissions: [] }] },
      next: { sites: [] },
    });
    expect(
      accessChange(
        { ...before, features: [...before.features] },
        { ...before, features: ['cbm_liveview', 'cbm_osadmin'] },
      ),
    ).toBeUndefined();
  });
});
