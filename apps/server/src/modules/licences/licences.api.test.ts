import type { AuditPage } from '@cbm/contracts/audit';
import { type DeviceLicence, deviceLicencesSchema } from '@cbm/contracts/licences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('device licences', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scoped: string;
  let ids: Record<string, number>;
  const site = (name: string) => ids[name] as number;
  const list = async (siteId: number, cookie = admin) => {
    const response = await t.request({ url: `/api/v2/LicenseManagement?operatingSiteId=${siteId}`, cookie });
    expect(response.statusCode).toBe(200);
    return deviceLicencesSchema.parse(response.json());
  };
  const change = (siteId: number, payload: object, cookie = admin, language = 'en') =>
    t.request({
      method: 'POST',
      url: `/api/v2/LicenseManagement?operatingSiteId=${siteId}`,
      payload,
      cookie,
      headers: { 'accept-language': language },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    ids = await siteNodeIds(t, admin);
    scoped = await signInScopedAdmin(t, {
      email: 'alpen-licences@cbm.test',
      features: ['cbm_update', 'cbm_osadmin'],
      manages: [site('Alpen Intralogistik AG')],
      sees: [{ nodeId: site('Hamburg Hafen'), feature: 'cbm_osadmin' }],
    });
  });
  afterAll(() => t.close());

  describe('GET /api/v2/LicenseManagement', () => {
    it("gives the site's display units, soonest licence end first, with the battery they sit on", async () => {
      const devices = await list(site('Wien Süd'));
      const [{ count }] = (await t.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM display_unit WHERE operating_site_id = $1',
        [site('Wien Süd')],
      )) as [{ count: number }];
      expect(devices).toHaveLength(count);
      const dates = devices.map((device) => device.eoLDate ?? '9999-12-31');
      expect(dates).toEqual([...dates].sort());
      for (const device of devices) {
        expect(device.eoLDate ?? '2030-01-01').toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(device.batterySerialNumber).not.toBeNull();
        expect(device.displayId).toBe(`D${device.batterySerialNumber}`);
      }
    });

    it('answers 403 without cbm_update and 404 for sites outside the scope', async () => {
      const refused = await t.request({
        url: `/api/v2/LicenseManagement?operatingSiteId=${site('Wien Süd')}`,
        cookie: operator,
      });
      expect(refused.statusCode).toBe(403);
      for (const siteId of [site('Hamburg Hafen'), site('Göteborg Hamn'), 999_999]) {
        const response = await t.request({
          url: `/api/v2/LicenseManagement?operatingSiteId=${siteId}`,
          cookie: scoped,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'sites.notFound' });
      }
    });
  });

  describe('POST /api/v2/LicenseManagement', () => {
    it('sets the end date of two devices and records each with its previous date', async () => {
      const linz = site('Linz Hafen');
      const [first, second, untouched] = (await list(linz)) as [DeviceLicence, DeviceLicence, DeviceLicence];
      const response = await change(
        linz,
        { displayIds: [first.displayId, second.displayId], eoLDate: '2031-06-30' },
        scoped,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        [first, second]
          .map((device) => ({ ...device, eoLDate: '2031-06-30' }))
          .sort((a, b) => a.displayId.localeCompare(b.displayId)),
      );
      const after = new Map((await list(linz)).map((device) => [device.displayId, device.eoLDate]));
      expect(after.get(first.displayId)).toBe('2031-06-30');
      expect(after.get(second.displayId)).toBe('2031-06-30');
      expect(after.get(untouched.displayId)).toBe(untouched.eoLDate);

      const log = (
        await t.request({ url: `/api/v2/audit?operatingSiteId=${linz}`, cookie: admin })
      ).json() as AuditPage;
      const entries = log.entries.filter((entry) => entry.action === 'licence.endDateChanged');
      expect(
        entries
          .map(({ actor, entityType, entityId, previousValue, newValue }) => ({
            actor,
            entityType,
            entityId,
            previousValue,
            newValue,
          }))
          .sort((a, b) => a.entityId.localeCompare(b.entityId)),
      ).toEqual(
        [first, second]
          .map((device) => ({
            actor: 'alpen-licences@cbm.test',
            entityType: 'displayUnit',
            entityId: device.displayId,
            previousValue: { eoLDate: device.eoLDate },
            newValue: { eoLDate: '2031-06-30' },
          }))
          .sort((a, b) => a.entityId.localeCompare(b.entityId)),
      );
    });

    it('records nothing for a device whose date does not change', async () => {
      const zurich = site('Zürich Altstetten');
      const [device] = (await list(zurich)) as [DeviceLicence];
      expect((await change(zurich, { displayIds: [device.displayId], eoLDate: device.eoLDate })).statusCode).toBe(200);
      const log = (
        await t.request({ url: `/api/v2/audit?operatingSiteId=${zurich}`, cookie: admin })
      ).json() as AuditPage;
      expect(log.entries.filter((entry) => entry.action === 'licence.endDateChanged')).toEqual([]);
    });

    it('stores nothing when one device is not at the site', async () => {
      const wien = site('Wien Süd');
      const [mine] = (await list(wien)) as [DeviceLicence];
      const [foreign] = (await list(site('Hamburg Hafen'))) as [DeviceLicence];
      const response = await change(wien, { displayIds: [mine.displayId, foreign.displayId], eoLDate: '2035-01-01' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'licences.deviceNotFound',
        message: `These devices were not found at this operating site: ${foreign.displayId}.`,
      });
      expect((await list(wien)).find((device) => device.displayId === mine.displayId)?.eoLDate).toBe(mine.eoLDate);
    });

    it('answers 403 without cbm_update and 404 outside the scope', async () => {
      const body = { displayIds: ['D1'], eoLDate: '2030-01-01' };
      expect((await change(site('Wien Süd'), body, operator)).statusCode).toBe(403);
      expect((await change(site('Hamburg Hafen'), body, scoped)).statusCode).toBe(404);
    });

    it.each([
      ['a day that does not exist', { eoLDate: '2027-02-30' }, { 'body.eoLDate': ['Enter a valid date (YYYY-MM-DD)'] }],
      ['a German date', { eoLDate: '30.06.2031' }, { 'body.eoLDate': ['Enter a valid date (YYYY-MM-DD)'] }],
      ['a far year', { eoLDate: '3000-01-01' }, { 'body.eoLDate': ['Enter a valid date (YYYY-MM-DD)'] }],
      ['no date', { eoLDate: '' }, { 'body.eoLDate': ['This value is required'] }],
      ['a device twice', { displayIds: ['D1', 'D1'] }, { 'body.displayIds': ['Each entry may appear only once'] }],
    ])('answers 400 for %s', async (_, body, errors) => {
      const response = await change(site('Wien Süd'), { displayIds: ['D1'], eoLDate: '2030-01-01', ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    });
  });
});
