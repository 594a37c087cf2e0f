import { describe, expect, it } from 'vitest';
import { accessibleSitesOf, canAccessSite, type SignedInUser, siteRulesOf, sitesWithPermission } from './site-access';
import type { SiteRepository } from './site-repository';

const userOf = (id: number): SignedInUser => ({ id, email: `user${id}@cbm.test`, features: new Set() });

/** A site repository that grants the even sites and counts the questions it was asked. */
function countingSites(answer = (siteId: number) => Promise.resolve(siteId % 2 === 0)) {
  const asked: string[] = [];
  const sites = {
    canAccess: (userId: number, siteId: number, feature: string | null) => {
      asked.push(`${userId}/${siteId}/${feature}`);
      return answer(siteId);
    },
    rules: (userId: number, siteId: number) => {
      asked.push(`${userId}/${siteId}/rules`);
      return Promise.resolve(siteId === 2 ? ['battery.report'] : []);
    },
    accessibleSiteIds: (userId: number, feature: string | null) => {
      asked.push(`${userId}/sites/${feature}`);
      return Promise.resolve([2, 4]);
    },
    withPermission: (userId: number, siteIds: readonly number[], permission: string) => {
      asked.push(`${userId}/${siteIds.join('+')}/${permission}`);
      return Promise.resolve(siteIds.filter((siteId) => siteId === 2));
    },
  } as unknown as SiteRepository;
  return { sites, asked };
}

describe('canAccessSite', () => {
  it('asks the database once per cached user, site and feature, and shares a question in flight', async () => {
    const { sites, asked } = countingSites();
    const user = userOf(1);
    const answers = await Promise.all([
      canAccessSite(sites, user, 2, 'cbm_filter'),
      canAccessSite(sites, user, 2, 'cbm_filter'),
      canAccessSite(sites, user, 3, 'cbm_filter'),
    ]);
    expect(answers).toEqual([true, true, false]);
    expect(await canAccessSite(sites, user, 3, 'cbm_filter')).toBe(false);
    expect(await canAccessSite(sites, user, 2, null)).toBe(true);
    expect(asked).toEqual(['1/2/cbm_filter', '1/3/cbm_filter', '1/2/null']);
  });

  it('asks again for another user object: a session looked up afresh, or another user', async () => {
    const { sites, asked } = countingSites();
    await canAccessSite(sites, userOf(1), 2, 'cbm_filter');
    await canAccessSite(sites, userOf(1), 2, 'cbm_filter');
    await canAccessSite(sites, userOf(7), 2, 'cbm_filter');
    expect(asked).toEqual(['1/2/cbm_filter', '1/2/cbm_filter', '7/2/cbm_filter']);
  });

  it('forgets a question that failed, so the next request asks again', async () => {
    let fail = true;
    const { sites, asked } = countingSites((siteId) =>
      fail ? Promise.reject(new Error('connection lost')) : Promise.resolve(siteId === 2),
    );
    const user = userOf(1);
    await expect(canAccessSite(sites, user, 2, null)).rejects.toThrow('connection lost');
    fail = false;
    expect(await canAccessSite(sites, user, 2, null)).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('keeps at most a thousand answers per user: further sites are asked every time', async () => {
    const { sites, asked } = countingSites();
    const user = userOf(1);
    for (let siteId = 1; siteId <= 1001; siteId++) await canAccessSite(sites, user, siteId, null);
    await canAccessSite(sites, user, 1, null);
    await canAccessSite(sites, user, 1001, null);
    expect(asked).toHaveLength(1002);
    expect(asked.at(-1)).toBe('1/1001/null');
  });

  it('remembers the permissions at a site apart from the access to it', async () => {
    const { sites, asked } = countingSites();
    const user = userOf(1);
    expect(await siteRulesOf(sites, user, 2)).toEqual(['battery.report']);
    expect(await siteRulesOf(sites, user, 2)).toEqual(['battery.report']);
    expect(await canAccessSite(sites, user, 2, null)).toBe(true);
    expect(await siteRulesOf(sites, userOf(1), 2)).toEqual(['battery.report']);
    expect(asked).toEqual(['1/2/rules', '1/2/null', '1/2/rules']);
  });
});

describe('accessibleSitesOf and sitesWithPermission', () => {
  it('ask once per cached user, feature and set of sites, and hand out answers no caller can change', async () => {
    const { sites, asked } = countingSites();
    const user = userOf(1);
    const visible = await accessibleSitesOf(sites, user, 'cbm_alert');
    expect(await accessibleSitesOf(sites, user, 'cbm_alert')).toBe(visible);
    expect(await accessibleSitesOf(sites, user, 'cbm_mdlalert')).toEqual([2, 4]);
    expect(await sitesWithPermission(sites, user, visible, 'mdload.alert')).toEqual([2]);
    expect(await sitesWithPermission(sites, user, [2, 4], 'mdload.alert')).toEqual([2]);
    expect(await sitesWithPermission(sites, user, [4], 'mdload.alert')).toEqual([]);
    expect(Object.isFrozen(visible)).toBe(true);
    expect(() => (visible as number[]).push(6)).toThrow(TypeError);
    expect(asked).toEqual(['1/sites/cbm_alert', '1/sites/cbm_mdlalert', '1/2+4/mdload.alert', '1/4/mdload.alert']);
  });
});
