import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import { describe, expect, it, vi } from 'vitest';
import { type GuardDependencies, type GuardTarget, runNavigationGuard } from './navigation-guard';
import type { AppRoute } from './route-types';

const siteRoute: AppRoute = { name: 'site', path: ':siteId' };
const live: AppRoute = {
  name: 'live',
  path: 'live',
  titleKey: 'menu.liveView',
  access: { features: ['cbm_liveview'] },
};
const report: AppRoute = {
  name: 'report',
  path: 'report',
  access: { features: ['cbm_report'], rule: 'battery.report' },
};

interface Setup {
  authenticated?: boolean;
  features?: Feature[];
  rules?: SitePermission[];
  visibleSites?: number[];
  current?: string;
}

function deps(setup: Setup, calls: string[]): GuardDependencies {
  let hydrated = false;
  let current = setup.current;
  return {
    isAuthenticated: async () => {
      calls.push('signin');
      return setup.authenticated ?? true;
    },
    currentSiteId: () => current,
    setCurrentSiteId: (siteId) => {
      calls.push(`store ${siteId}`);
      current = siteId;
    },
    reloadRules: async (siteId) => void calls.push(`rules ${siteId}`),
    isHydrated: () => hydrated,
    hydrate: async () => {
      calls.push('hydrate');
      hydrated = true;
    },
    authorizedFeatures: () => setup.features ?? ['cbm_liveview'],
    rules: () => setup.rules ?? [],
    isVisibleSite: (siteId) => (setup.visibleSites ?? [3]).includes(siteId),
    logError: (error) => calls.push(`logged ${String(error)}`),
  };
}

const target = (pathname: string, chain: AppRoute[], siteId?: string): GuardTarget => ({
  url: pathname,
  pathname,
  siteId,
  params: { siteId },
  chain,
});

describe('navigation guard (screens and routes, in order)', () => {
  it('1. sends unauthenticated users to /signin before anything else', async () => {
    const calls: string[] = [];
    const outcome = await runNavigationGuard(
      target('/3/live?x=1', [siteRoute, live], '3'),
      deps({ authenticated: false }, calls),
    );
    expect(outcome).toEqual({ kind: 'signin', next: '/3/live?x=1' });
    expect(calls).toEqual(['signin']);
  });

  it('2.–3. stores a changed siteId and reloads its rules, then hydrates once', async () => {
    const calls: string[] = [];
    const d = deps({}, calls);
    await runNavigationGuard(target('/3/live', [siteRoute, live], '3'), d);
    await runNavigationGuard(target('/3/live', [siteRoute, live], '3'), d);
    expect(calls).toEqual(['signin', 'store 3', 'rules 3', 'hydrate', 'signin']);
  });

  it('logs a failed rules reload and goes on', async () => {
    const calls: string[] = [];
    const d = { ...deps({}, calls), reloadRules: () => Promise.reject(new Error('403')) };
    await expect(runNavigationGuard(target('/3/live', [siteRoute, live], '3'), d)).resolves.toEqual({
      kind: 'pass',
    });
    expect(calls).toContain('logged Error: 403');
  });

  it('4. sends a user without features to /403, and lets /403 itself pass', async () => {
    const noFeatures = { features: [] };
    expect(await runNavigationGuard(target('/', []), deps(noFeatures, []))).toEqual({ kind: 'redirect', to: '/403' });
    expect(await runNavigationGuard(target('/403', []), deps(noFeatures, []))).toEqual({ kind: 'pass' });
  });

  it('5. lets routes without an auth requirement pass', async () => {
    expect(await runNavigationGuard(target('/', []), deps({}, []))).toEqual({ kind: 'pass' });
  });

  it('6. runs the load step before the permission check', async () => {
    const calls: string[] = [];
    const load = vi.fn(async () => calls.push('load'));
    const outcome = await runNavigationGuard(target('/3/live', [siteRoute, { ...live, load }], '3'), deps({}, calls));
    expect(outcome).toEqual({ kind: 'pass' });
    expect(calls.at(-1)).toBe('load');
    expect(load).toHaveBeenCalledWith({ siteId: 3, params: { siteId: '3' } });
  });

  it('6. logs a failing load step and still checks permissions', async () => {
    const calls: string[] = [];
    const load = async () => Promise.reject(new Error('boom'));
    const outcome = await runNavigationGuard(target('/3/live', [siteRoute, { ...live, load }], '3'), deps({}, calls));
    expect(outcome).toEqual({ kind: 'pass' });
    expect(calls).toContain('logged Error: boom');
  });

  it('6. refuses with the 403 page naming the page when the user holds none of the required features', async () => {
    const outcome = await runNavigationGuard(
      target('/3/live', [siteRoute, live], '3'),
      deps({ features: ['cbm_alert'] }, []),
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/403?page=menu.liveView' });
  });

  it('6. needs the site permission a route names', async () => {
    const chain = [siteRoute, report];
    const features: Feature[] = ['cbm_report'];
    expect(await runNavigationGuard(target('/3/report', chain, '3'), deps({ features }, []))).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(
      await runNavigationGuard(target('/3/report', chain, '3'), deps({ features, rules: ['battery.report'] }, [])),
    ).toEqual({
      kind: 'pass',
    });
  });

  it('treats a site the user cannot see, or a segment that is no site id, as an unknown path: not found', async () => {
    expect(await runNavigationGuard(target('/9/live', [siteRoute, live], '9'), deps({}, []))).toEqual({
      kind: 'redirect',
      to: '/not-found?path=%2F9%2Flive',
    });
    expect(await runNavigationGuard(target('/abc', [siteRoute], 'abc'), deps({}, []))).toEqual({
      kind: 'redirect',
      to: '/not-found?path=%2Fabc',
    });
  });
});
