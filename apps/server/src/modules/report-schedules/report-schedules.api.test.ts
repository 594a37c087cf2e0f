import type { Feature } from '@cbm/contracts/features';
import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { hashPassword } from '../identity/passwords';
import { userRepository } from '../users/user-repository';

const URL = '/api/v2/battery/Report/Schedule';

describeEachDatabase('scheduled reports: the routes', (kind) => {
  vi.setConfig({ testTimeout: 60_000 });
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let otherSiteId: number;
  let serial: string;
  let otherSerial: string;

  const body = (values: object = {}) => ({
    operatingSiteId: siteId,
    kind: 'battery',
    batterySerials: [serial],
    cadence: 'weekly',
    recipients: [{ email: 'fleet@example.com', language: 'de' }],
    ...values,
  });
  const post = (payload: object, cookie = admin, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: URL, cookie, payload, headers });
  const userWith = async (email: string, features: Feature[], permissions: SitePermission[]) => {
    const users = userRepository(t.db);
    const id = await users.create({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'R',
      lastName: 'S',
    });
    await users.grantFeatures(id, features);
    await users.grantSite(id, siteId);
    await users.grantPermissions(id, siteId, permissions);
    return t.signIn(email);
  };
  const auditActions = async () =>
    (
      await t.db.query<{ action: string }>(
        `SELECT action FROM audit_entry WHERE entity_type = 'reportSchedule' ORDER BY id`,
      )
    ).map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.jobs.stop();
    admin = await t.signIn('admin@cbm.demo');
    const sites = await t.db.query<{ id: number; serial: string; name: string }>(
      `SELECT o.id, min(b.serial_number) AS serial, n.name FROM operating_site o JOIN site_node n ON n.id = o.id
         JOIN battery b ON b.operating_site_id = o.id WHERE n.name IN ('Hamburg Hafen', 'Wien Süd') GROUP BY o.id, n.name`,
    );
    const hamburg = sites.find((site) => site.name === 'Hamburg Hafen') as (typeof sites)[number];
    const wien = sites.find((site) => site.name === 'Wien Süd') as (typeof sites)[number];
    ({ id: siteId, serial } = hamburg);
    ({ id: otherSiteId, serial: otherSerial } = wien);
  }, 900_000);
  afterAll(() => t.close());

  it('creates, lists, changes and deletes a schedule, each change in the audit log', async () => {
    const created = await post(body());
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json() as ReportSchedule;
    expect(schedule).toMatchObject({ kind: 'battery', createdBy: 'admin@cbm.demo', lastSentPeriod: null });
    const list = await t.request({ url: `${URL}?operatingSiteId=${siteId}`, cookie: admin });
    expect(list.json()).toContainEqual(schedule);
    const changed = await t.request({
      method: 'PUT',
      url: `${URL}/${schedule.id}`,
      cookie: admin,
      payload: body({ kind: 'fleet', batterySerials: [], cadence: 'monthly' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kind: 'fleet', cadence: 'monthly', batterySerials: [] });
    const deleted = await t.request({
      method: 'DELETE',
      url: `${URL}/${schedule.id}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(deleted.json()).toEqual({ id: schedule.id });
    const again = await t.request({
      method: 'DELETE',
      url: `${URL}/${schedule.id}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Scheduled report ${schedule.id} was not found at this operating site.`);
    expect(await auditActions()).toEqual([
      'reportSchedule.created',
      'reportSchedule.updated',
      'reportSchedule.deleted',
    ]);
  });

  it('refuses what the alert form refuses, with its messages (en and de)', async () => {
    const messages = async (payload: object, language = 'en') => {
      const response = await post(payload, admin, { 'accept-language': language });
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json());
    };
    expect(await messages(body({ recipients: [{ email: 'not-an-address', language: 'en' }] }))).toContain(
      'E-Mail is invalid',
    );
    expect(await messages(body({ recipients: [{ email: 'x@', language: 'de' }] }), 'de')).toContain(
      'E-Mail ist ungültig',
    );
    expect(await messages(body({ recipients: [] }))).toContain('E-Mail is required');
    expect(await messages(body({ batterySerials: [] }))).toContain('Battery serials is required');
    expect(await messages(body({ kind: 'fleet' }))).toContain('A fleet report covers every battery of the site');
    expect(await messages(body({ cadence: 'daily' }))).toContain('Choose weekly or monthly');
    expect(await messages(body({ recipients: [{ email: 'a@example.com', language: 'fr' }] }))).toContain(
      'Choose the recipient',
    );
    expect(await messages(body({ batterySerials: ['NO-SUCH-BATTERY', otherSerial] }))).toContain(
      `These batteries are not at this operating site: NO-SUCH-BATTERY, ${otherSerial}.`,
    );
  });

  it('answers 404 for an unknown site, 403 or 404 for a site not held, 403 without the report rule', async () => {
    expect((await post(body({ operatingSiteId: 987_654 }))).statusCode).toBe(404);
    const hamburgOnly = await userWith('schedules-hamburg@cbm.test', ['cbm_report'], [SITE_PERMISSIONS.report]);
    expect([403, 404]).toContain((await post(body({ operatingSiteId: otherSiteId }), hamburgOnly)).statusCode);
    const atOther = await t.request({ url: `${URL}?operatingSiteId=${otherSiteId}`, cookie: hamburgOnly });
    expect([403, 404]).toContain(atOther.statusCode);
    expect((await post(body(), hamburgOnly)).statusCode).toBe(201);
    const noPermission = await userWith('schedules-noperm@cbm.test', ['cbm_report'], [SITE_PERMISSIONS.statistic]);
    expect((await post(body(), noPermission)).statusCode).toBe(403);
    const stations = await t.signIn('stations@cbm.demo');
    expect((await t.request({ url: `${URL}?operatingSiteId=${siteId}`, cookie: stations })).statusCode).toBe(403);
  });

  it('are in the OpenAPI document', async () => {
    const { paths } = (await t.request({ url: `${DOCS_PREFIX}/json` })).json();
    expect(Object.keys(paths[URL] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${URL}/{id}`] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});
