import { type AuditPage, auditPageSchema } from '@cbm/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { auditRepository } from './audit-repository';

describeEachDatabase('audit log', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const page = async (siteId: number, query = '', cookie = admin) => {
    const response = await t.request({ url: `/api/v2/audit?operatingSiteId=${siteId}${query}`, cookie });
    expect(response.statusCode).toBe(200);
    return auditPageSchema.parse(response.json()) as AuditPage;
  };
  const login = (username: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'baltic-admin@cbm.test',
      features: ['cbm_osadmin'],
      manages: [site('Baltic & Atlantic Warehousing Ltd')],
    });
  });
  afterAll(() => t.close());

  describe('sign-ins', () => {
    it('shows a sign-in in the log of every site the account can open, and nowhere else', async () => {
      const hamburg = (await page(site('Hamburg Hafen'))).entries;
      const signIn = hamburg.find((entry) => entry.actor === 'operator@cbm.demo' && entry.action === 'auth.signIn');
      expect(signIn).toMatchObject({
        entityType: 'user',
        entityId: 'operator@cbm.demo',
        previousValue: null,
        newValue: null,
      });
      expect(Date.now() - Date.parse(signIn?.occurredAt ?? '')).toBeLessThan(60_000);
      const vienna = (await page(site('Wien Süd'))).entries;
      expect(vienna.some((entry) => entry.actor === 'operator@cbm.demo')).toBe(false);
      expect(vienna.some((entry) => entry.actor === 'admin@cbm.demo' && entry.action === 'auth.signIn')).toBe(true);
    });

    it('records failed sign-ins of known accounts at their sites, and of unknown ones at no site', async () => {
      expect((await login('Operator@CBM.demo', 'wrong')).statusCode).toBe(401);
      expect((await login('nobody@cbm.test', 'wrong')).statusCode).toBe(401);
      const [latest] = (await page(site('München Riem'))).entries;
      expect(latest).toMatchObject({
        actor: 'operator@cbm.demo',
        action: 'auth.signInFailed',
        entityId: 'operator@cbm.demo',
      });
      const unknown = await t.db.query<{ sites: number }>(
        `SELECT count(s.entry_id)::int AS sites FROM audit_entry e LEFT JOIN audit_entry_site s ON s.entry_id = e.id
          WHERE e.actor = 'nobody@cbm.test' AND e.action = 'auth.signInFailed' AND e.user_id IS NULL`,
      );
      expect(unknown).toEqual([{ sites: 0 }]);
    });
  });

  describe('GET /api/v2/audit', () => {
    it('pages newest first with the total count', async () => {
      const linz = site('Linz Hafen');
      const actor = { userId: null, email: 'paging@cbm.test' };
      for (let n = 1; n <= 5; n++) {
        await auditRepository(t.db).record(actor, [
          {
            action: 'site.settingsChanged',
            entityType: 'operatingSite',
            entityId: String(linz),
            siteIds: [linz],
            next: { n },
          },
        ]);
      }
      const all = await page(linz);
      const first = await page(linz, '&offset=0&limit=2');
      const second = await page(linz, '&offset=2&limit=2');
      expect(first.totalCount).toBe(all.totalCount);
      expect(first.entries.map((entry) => entry.newValue)).toEqual([{ n: 5 }, { n: 4 }]);
      expect(second.entries.map((entry) => entry.newValue)).toEqual([{ n: 3 }, { n: 2 }]);
      expect(all.entries.map((entry) => entry.id)).toEqual(
        [...first.entries, ...second.entries, ...all.entries.slice(4)].map((entry) => entry.id),
      );
      expect((await page(linz, `&offset=${all.totalCount}`)).entries).toEqual([]);
    });

    it('answers 403 without cbm_osadmin and 404 for sites the admin does not manage', async () => {
      const refused = await t.request({
        url: `/api/v2/audit?operatingSiteId=${site('Hamburg Hafen')}`,
        cookie: operator,
      });
      expect(refused.statusCode).toBe(403);
      for (const siteId of [site('Hamburg Hafen'), 999_999]) {
        const response = await t.request({ url: `/api/v2/audit?operatingSiteId=${siteId}`, cookie: scoped });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'sites.notFound' });
      }
      expect((await page(site('Göteborg Hamn'), '', scoped)).entries.length).toBeGreaterThan(0);
    });

    it.each(['&limit=0', '&limit=201', '&offset=-1', '&limit=ten'])('answers 400 for %s', async (query) => {
      const response = await t.request({
        url: `/api/v2/audit?operatingSiteId=${site('Linz Hafen')}${query}`,
        cookie: admin,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid' });
    });
  });
});
