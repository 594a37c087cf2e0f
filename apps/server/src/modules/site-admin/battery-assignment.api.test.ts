import type { ExpectedBatteries } from '@cbm/contracts/admin';
import type { AuditPage } from '@cbm/contracts/audit';
import type { DeviceLicence } from '@cbm/contracts/licences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('battery assignment', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const expected = async (siteId: number, cookie = admin) => {
    const response = await t.request({ url: `/api/v2/OsAdmin/batteries?operatingSiteId=${siteId}`, cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as ExpectedBatteries;
  };
  const assign = (targetOperatingSiteId: number, batterySerialNumbers: string[], cookie = admin) =>
    t.request({
      method: 'POST',
      url: '/api/v2/OsAdmin/batteries',
      payload: { targetOperatingSiteId, batterySerialNumbers },
      cookie,
    });
  const siteOf = async (serial: string) =>
    (
      await t.db.query<{ operating_site_id: number; group_id: number | null; display_site: number }>(
        `SELECT b.operating_site_id, b.group_id, d.operating_site_id AS display_site
           FROM battery b JOIN display_unit d ON d.display_id = b.display_id WHERE b.serial_number = $1`,
        [serial],
      )
    )[0];
  const assignedTo = async (siteId: number) =>
    (await expected(siteId)).batteries
      .filter((battery) => battery.assigned)
      .map((battery) => battery.batterySerialNumber);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'nordlicht-admin@cbm.test',
      features: ['cbm_osadmin', 'cbm_liveview'],
      manages: [site('Nordlicht Logistik GmbH')],
      sees: [{ nodeId: site('Wien Süd'), feature: 'cbm_liveview' }],
    });
  });
  afterAll(() => t.close());

  describe('GET /api/v2/OsAdmin/batteries', () => {
    it("gives the site's batteries first, then those at the other sites the admin manages", async () => {
      const { sites, batteries } = await expected(site('Hamburg Hafen'), scoped);
      expect(sites.map((entry) => entry.name)).toEqual([
        'Bremen GVZ',
        'Hamburg Hafen',
        'München Riem',
        'Stuttgart Hafen',
      ]);
      const here = batteries.filter((battery) => battery.assigned);
      expect(here.length).toBeGreaterThan(0);
      expect(here.every((battery) => battery.operatingSiteId === site('Hamburg Hafen'))).toBe(true);
      expect(batteries.slice(0, here.length)).toEqual(here);
      const elsewhere = new Set(batteries.filter((battery) => !battery.assigned).map((b) => b.operatingSiteId));
      expect([...elsewhere].sort()).toEqual([site('Bremen GVZ'), site('München Riem'), site('Stuttgart Hafen')].sort());
    });

    it('answers 403 without cbm_osadmin and 404 for sites outside the scope', async () => {
      const forbidden = await t.request({
        url: `/api/v2/OsAdmin/batteries?operatingSiteId=${site('Hamburg Hafen')}`,
        cookie: operator,
      });
      expect(forbidden.statusCode).toBe(403);
      const outside = await t.request({
        url: `/api/v2/OsAdmin/batteries?operatingSiteId=${site('Wien Süd')}`,
        cookie: scoped,
      });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({ code: 'sites.notFound' });
    });
  });

  describe('POST /api/v2/OsAdmin/batteries', () => {
    it('moves batteries with their display units, clears their group and records both sites', async () => {
      const grouped = (await expected(site('Stuttgart Hafen'))).batteries.filter((b) => b.assigned && b.groupName);
      const [first, second] = grouped;
      const serials = [first?.batterySerialNumber, second?.batterySerialNumber] as string[];

      const response = await assign(site('Bremen GVZ'), serials, scoped);
      expect(response.statusCode).toBe(200);
      expect(response.json().moved).toEqual(
        serials.map((serial) => ({
          batterySerialNumber: serial,
          fromOperatingSiteId: site('Stuttgart Hafen'),
          toOperatingSiteId: site('Bremen GVZ'),
        })),
      );
      for (const serial of serials) {
        expect(await siteOf(serial)).toEqual({
          operating_site_id: site('Bremen GVZ'),
          group_id: null,
          display_site: site('Bremen GVZ'),
        });
      }
      expect(await assignedTo(site('Bremen GVZ'))).toEqual(expect.arrayContaining(serials));
      const licences = await t.request({
        url: `/api/v2/LicenseManagement?operatingSiteId=${site('Bremen GVZ')}`,
        cookie: admin,
      });
      expect((licences.json() as DeviceLicence[]).map((device) => device.batterySerialNumber)).toEqual(
        expect.arrayContaining(serials),
      );

      for (const siteId of [site('Stuttgart Hafen'), site('Bremen GVZ')]) {
        const log = (
          await t.request({ url: `/api/v2/audit?operatingSiteId=${siteId}`, cookie: admin })
        ).json() as AuditPage;
        const entry = log.entries.find((candidate) => candidate.entityId === first?.batterySerialNumber);
        expect(entry).toMatchObject({
          actor: 'nordlicht-admin@cbm.test',
          action: 'battery.siteAssigned',
          entityType: 'battery',
          previousValue: {
            operatingSiteId: site('Stuttgart Hafen'),
            operatingSiteName: 'Stuttgart Hafen',
            groupName: first?.groupName,
          },
          newValue: { operatingSiteId: site('Bremen GVZ'), operatingSiteName: 'Bremen GVZ', groupName: null },
        });
      }
    });

    it('leaves batteries already at the target out, and moves them back', async () => {
      const [serial] = await assignedTo(site('München Riem'));
      expect((await assign(site('München Riem'), [serial as string])).json()).toEqual({ moved: [] });
      expect((await assign(site('Wien Süd'), [serial as string])).json().moved).toHaveLength(1);
      expect((await assign(site('München Riem'), [serial as string])).json().moved).toHaveLength(1);
      expect((await siteOf(serial as string))?.operating_site_id).toBe(site('München Riem'));
    });

    it('stores nothing when one battery is unknown or outside the scope', async () => {
      const [mine] = await assignedTo(site('Hamburg Hafen'));
      const [foreign] = await assignedTo(site('Wien Süd'));
      for (const [serials, missing] of [
        [[mine, 'NO-SUCH-BATTERY'], 'NO-SUCH-BATTERY'],
        [[mine, foreign], foreign],
      ] as [string[], string][]) {
        const response = await assign(site('Bremen GVZ'), serials, scoped);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          code: 'batteries.notFound',
          message: `These batteries were not found at the operating sites you manage: ${missing}.`,
        });
      }
      expect((await siteOf(mine as string))?.operating_site_id).toBe(site('Hamburg Hafen'));
      expect((await siteOf(foreign as string))?.operating_site_id).toBe(site('Wien Süd'));
    });

    it('answers 404 for a target outside the scope and 403 without cbm_osadmin', async () => {
      const [mine] = await assignedTo(site('Hamburg Hafen'));
      const outside = await assign(site('Wien Süd'), [mine as string], scoped);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({ code: 'sites.notFound' });
      expect((await assign(site('Bremen GVZ'), [mine as string], operator)).statusCode).toBe(403);
    });

    it.each([
      ['no batteries', { batterySerialNumbers: [] }, 'body.batterySerialNumbers'],
      ['a battery twice', { batterySerialNumbers: ['A', 'A'] }, 'body.batterySerialNumbers'],
      ['no target', { targetOperatingSiteId: undefined }, 'body.targetOperatingSiteId'],
      ['a target as text', { targetOperatingSiteId: 'Bremen' }, 'body.targetOperatingSiteId'],
    ])('answers 400 for %s', async (_, change, field) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v2/OsAdmin/batteries',
        payload: { targetOperatingSiteId: site('Bremen GVZ'), batterySerialNumbers: ['X'], ...change },
        cookie: admin,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    });

    it('stores nothing when the database fails in the middle of an assignment', async () => {
      const serials = (await assignedTo(site('Linz Hafen'))).slice(0, 3);
      const last = serials[2] as string;
      const auditCount = async () =>
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0]?.n;
      const entriesBefore = await auditCount();
      // The batteries and display units are already updated when the audit entry of the last one fails.
      await t.db.execScript(`
        CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.entity_id = '${last}' THEN RAISE EXCEPTION 'disk full'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER fail_audit BEFORE INSERT ON audit_entry FOR EACH ROW EXECUTE FUNCTION fail_audit();`);
      try {
        const response = await assign(site('Zürich Altstetten'), serials);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ code: 'server.internal' });
      } finally {
        await t.db.execScript('DROP TRIGGER fail_audit ON audit_entry; DROP FUNCTION fail_audit();');
      }
      for (const serial of serials) {
        expect((await siteOf(serial))?.operating_site_id).toBe(site('Linz Hafen'));
        expect((await siteOf(serial))?.display_site).toBe(site('Linz Hafen'));
      }
      expect(await auditCount()).toBe(entriesBefore);
      expect((await assign(site('Zürich Altstetten'), serials)).json().moved).toHaveLength(3);
    });
  });
});
