import { SITE_PERMISSION_NAMES } from '@cbm/contracts/site-permissions';
import { type FlatOperatingSite, flattenOperatingSites } from '@cbm/contracts/site-tree';
import { type SiteNode, siteTreeSchema } from '@cbm/contracts/sites';
import { DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const FIRST_ORGANIZATION = 'Nordlicht Logistik GmbH';
const FIRST_ORGANIZATION_SITES = ['Bremen GVZ', 'Hamburg Hafen', 'München Riem', 'Stuttgart Hafen'];
const sorted = <T>(items: readonly T[]) => [...items].sort();

describeEachDatabase('operating sites', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let blocked: string;
  let sites: FlatOperatingSite[];
  const siteId = (name: string) => {
    const site = sites.find((candidate) => candidate.name === name);
    if (!site) throw new Error(`no site ${name}`);
    return site.operatingSiteId;
  };
  const tree = async (cookie: string) => {
    const response = await t.request({ url: '/api/v2/OperatingSites/info', cookie });
    expect(response.statusCode).toBe(200);
    return siteTreeSchema.parse(response.json()) as SiteNode[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    blocked = await t.signIn('blocked@cbm.demo');
    sites = flattenOperatingSites(await tree(admin));
  });
  afterAll(() => t.close());

  describe('GET /api/v2/OperatingSites/info', () => {
    it('gives the admin all 3 organisations with their 10 operating sites as located leaves', async () => {
      const roots = await tree(admin);
      expect(sorted(roots.map((root) => root.name))).toEqual(sorted(DEMO_ORGANIZATIONS.map((org) => org.name)));
      expect(roots.every((root) => root.type === 'organization' && root.location === undefined)).toBe(true);
      for (const region of roots.flatMap((root) => root.children)) {
        expect(region.type).toBe('region');
        expect(region.children.every((leaf) => leaf.type === 'operatingSite' && leaf.children.length === 0)).toBe(true);
      }

      const expected = DEMO_ORGANIZATIONS.flatMap((org) =>
        org.regions.flatMap((region) =>
          region.sites.map((site) => ({
            name: site.name,
            parents: `${org.name} > ${region.name}`,
            location: {
              latitude: site.latitude,
              longitude: site.longitude,
              timezone: site.timezone,
              currency: site.currency,
            },
          })),
        ),
      );
      expect(sites).toHaveLength(10);
      expect(new Set(sites.map((site) => site.operatingSiteId)).size).toBe(10);
      expect(sites.map(({ name, parents, location }) => ({ name, parents, location }))).toEqual(
        expect.arrayContaining(expected),
      );
    });

    it("gives the operator only the first organisation's 4 sites", async () => {
      const roots = await tree(operator);
      expect(roots.map((root) => root.name)).toEqual([FIRST_ORGANIZATION]);
      const leaves = flattenOperatingSites(roots);
      expect(sorted(leaves.map((leaf) => leaf.name))).toEqual(FIRST_ORGANIZATION_SITES);
      expect(leaves.every((leaf) => leaf.location !== undefined)).toBe(true);
    });

    it('gives a user without sites an empty tree', async () => {
      expect(await tree(blocked)).toEqual([]);
    });
  });

  describe('GET /api/v2/rules', () => {
    it('gives the admin all 6 permissions on any site', async () => {
      for (const name of ['Hamburg Hafen', 'Zürich Altstetten', 'Göteborg Hamn']) {
        const response = await t.request({ url: `/api/v2/rules?operatingSiteId=${siteId(name)}`, cookie: admin });
        expect(response.statusCode).toBe(200);
        expect(sorted(response.json())).toEqual(sorted(SITE_PERMISSION_NAMES));
      }
    });

    it("gives the operator report and statistic on the first organisation's sites", async () => {
      for (const name of FIRST_ORGANIZATION_SITES) {
        const response = await t.request({ url: `/api/v2/rules?operatingSiteId=${siteId(name)}`, cookie: operator });
        expect(response.statusCode).toBe(200);
        expect(sorted(response.json())).toEqual(['battery.report', 'battery.statistic']);
      }
    });

    it('answers 403 for a site the user may not see', async () => {
      for (const [cookie, name] of [
        [operator, 'Wien Süd'],
        [operator, 'Birmingham Central'],
        [blocked, 'Hamburg Hafen'],
      ] as const) {
        const response = await t.request({ url: `/api/v2/rules?operatingSiteId=${siteId(name)}`, cookie });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ statusCode: 403, code: 'auth.forbidden' });
      }
    });

    it('answers 404 for an unknown site, also to users who see no site', async () => {
      for (const cookie of [admin, operator, blocked]) {
        const response = await t.request({ url: '/api/v2/rules?operatingSiteId=999999', cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          code: 'sites.notFound',
          message: 'Operating site 999999 does not exist.',
        });
      }
    });

    it('answers 404 for a tree node that is not an operating site', async () => {
      const organizationId = (await tree(admin))[0]?.operatingSiteId;
      const response = await t.request({ url: `/api/v2/rules?operatingSiteId=${organizationId}`, cookie: admin });
      expect(response.statusCode).toBe(404);
    });

    it.each(['abc', '1.5', '0', '-3', '99999999999', ''])('answers 400 for operatingSiteId=%j', async (value) => {
      const response = await t.request({ url: `/api/v2/rules?operatingSiteId=${value}`, cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid' });
      expect(Object.keys(response.json().errors)).toEqual(['querystring.operatingSiteId']);
    });

    it('answers 400 without operatingSiteId', async () => {
      const response = await t.request({ url: '/api/v2/rules', cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(['querystring.operatingSiteId']);
    });
  });

  describe('GET /api/v2/OperatingSites/access', () => {
    const access = (featureName: string, cookie: string) =>
      t.request({ url: `/api/v2/OperatingSites/access?featureName=${featureName}`, cookie });

    it('gives the operator the 4 sites of the first organisation for a feature the operator holds', async () => {
      const response = await access('cbm_liveview', operator);
      expect(response.statusCode).toBe(200);
      expect(sorted(response.json())).toEqual(sorted(FIRST_ORGANIZATION_SITES.map(siteId)));
    });

    it('gives no sites for a feature the user does not hold', async () => {
      expect((await access('cbm_osadmin', operator)).json()).toEqual([]);
      expect((await access('cbm_liveview', blocked)).json()).toEqual([]);
    });

    it('gives the admin all 10 sites', async () => {
      const response = await access('cbm_osadmin', admin);
      expect(sorted(response.json())).toEqual(sorted(sites.map((site) => site.operatingSiteId)));
    });

    it.each(['nope', '', 'CBM_LIVEVIEW'])('answers 400 for featureName=%j', async (featureName) => {
      const response = await access(featureName, operator);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid' });
      expect(response.json().errors).toHaveProperty(['querystring.featureName']);
    });
  });
});
