import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { personSchema } from '@cbm/contracts/people';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { linkToken, mailTo, PUBLIC_URL } from './test/people-test-data';

describeEachDatabase('people: features, sites, disable and password reset', (kind) => {
  const sink = new SmtpSink();
  let t: TestApp;
  let admin: string;
  let ids: Record<string, number>;
  let operatorId: number;
  const site = (name: string) => ids[name] as number;
  const userIdOf = async (email: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [email]))[0]?.id as number;
  const call = (cookie: string, method: 'PUT' | 'POST', path: string, siteName: string, payload?: object) =>
    t.request({ method, url: `/api/v2/people/${path}?operatingSiteId=${site(siteName)}`, cookie, payload });
  const rules = async (cookie: string, siteName: string) =>
    (await t.request({ url: `/api/v2/rules?operatingSiteId=${site(siteName)}`, cookie })).json();
  const login = (username: string, password = DEMO_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password } });
  const lastAudit = async (email: string) =>
    (
      await t.db.query<{ action: string; previous_value: unknown; new_value: unknown }>(
        `SELECT action, previous_value, new_value FROM audit_entry
          WHERE entity_id = $1 AND action NOT LIKE 'auth.%' ORDER BY id DESC LIMIT 1`,
        [email],
      )
    )[0];

  beforeAll(async () => {
    await sink.start();
    t = await createTestApp(kind, { SMTP_URL: sink.url, PUBLIC_URL, SESSION_CACHE_SECONDS: 60 });
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
    operatorId = await userIdOf('operator@cbm.demo');
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('sets features and per-site rules; the user has them at once, and the audit shows before and after', async () => {
    const operator = await t.signIn('operator@cbm.demo');
    const rulesAtMunich = () =>
      t.request({ url: `/api/v2/rules?operatingSiteId=${site('München Riem')}`, cookie: operator });
    expect(await rules(operator, 'Bremen GVZ')).toEqual(['battery.report', 'battery.statistic']);
    const fleetHealthSites = async () =>
      (
        (await t.request({ url: '/api/v2/fleet-health', cookie: operator })).json() as {
          sites: { operatingSiteId: number }[];
        }
      ).sites.map((entry) => entry.operatingSiteId);
    // Asked before the change, so this process remembers the answers with the session (decision 070).
    expect((await rulesAtMunich()).statusCode).toBe(200);
    expect(await fleetHealthSites()).toContain(site('München Riem'));
    const access = {
      features: ['cbm_liveview', 'cbm_statistic'],
      sites: [
        { operatingSiteId: site('Hamburg Hafen'), permissions: [] },
        { operatingSiteId: site('Bremen GVZ'), permissions: ['battery.statistic'] },
      ],
    };
    const response = await call(admin, 'PUT', `${operatorId}/access`, 'Hamburg Hafen', access);
    expect(response.statusCode).toBe(200);
    expect(personSchema.parse(response.json())).toMatchObject({
      features: access.features,
      sites: [...access.sites].sort((a, b) => a.operatingSiteId - b.operatingSiteId),
    });
    expect(await rules(operator, 'Bremen GVZ')).toEqual(['battery.statistic']);
    expect((await rulesAtMunich()).statusCode).toBe(403);
    expect(await fleetHealthSites()).toEqual([site('Hamburg Hafen'), site('Bremen GVZ')].sort((a, b) => a - b));
    const entry = await lastAudit('operator@cbm.demo');
    expect(entry).toMatchObject({ action: AUDIT_ACTIONS.userAccessChanged });
    expect(entry?.previous_value).toMatchObject({
      features: ['cbm_alert', 'cbm_liveview', 'cbm_report', 'cbm_statistic'],
    });
    expect(entry?.new_value).toMatchObject({ features: ['cbm_liveview', 'cbm_statistic'] });
    const again = await call(admin, 'PUT', `${operatorId}/access`, 'Hamburg Hafen', access);
    expect(again.statusCode).toBe(200);
    expect((await lastAudit('operator@cbm.demo'))?.action).toBe(AUDIT_ACTIONS.userAccessChanged);
  });

  describe('no escalation (checked on the server)', () => {
    let scoped: string;
    let memberId: number;
    const member = 'member@example.com';
    beforeAll(async () => {
      // Manages Hamburg Hafen only, with live view and osadmin, and the report rule there.
      scoped = await signInScopedAdmin(t, {
        email: 'scoped@example.com',
        features: ['cbm_osadmin', 'cbm_liveview'],
        manages: [site('Hamburg Hafen')],
      });
      await t.db.query(
        `INSERT INTO user_site_permission (user_id, site_node_id, permission) VALUES ($1, $2, 'battery.report')`,
        [await userIdOf('scoped@example.com'), site('Hamburg Hafen')],
      );
      const invited = await call(scoped, 'POST', 'invitations', 'Hamburg Hafen', {
        email: member,
        features: ['cbm_liveview'],
        sites: [{ operatingSiteId: site('Hamburg Hafen'), permissions: ['battery.report'] }],
      });
      expect(invited.statusCode).toBe(201);
      memberId = invited.json().userId;
    });

    it.each([
      ['a feature they do not hold', { features: ['cbm_statistic'], sites: [] }, 'cbm_statistic'],
      ['a site they do not manage', { features: [], sites: [{ operatingSiteId: 0, permissions: [] }] }, 'site'],
      [
        'a rule they do not hold',
        { features: [], sites: [{ operatingSiteId: 0, permissions: ['battery.statistic'] }] },
        'battery.statistic',
      ],
    ])('refuses granting %s, changes nothing and logs the attempt', async (_, body, named) => {
      const payload = {
        ...body,
        sites: body.sites.map((s) => ({
          ...s,
          operatingSiteId: named === 'site' ? site('Bremen GVZ') : site('Hamburg Hafen'),
        })),
      };
      const response = await call(scoped, 'PUT', `${memberId}/access`, 'Hamburg Hafen', payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'people.notGrantable' });
      expect(response.json().message).toContain(named);
      const entry = await lastAudit(String(memberId));
      expect(entry).toMatchObject({ action: AUDIT_ACTIONS.userChangeRefused });
      expect(entry?.new_value).toMatchObject({ reason: 'people.notGrantable' });
      const invited = await call(scoped, 'POST', 'invitations', 'Hamburg Hafen', {
        email: 'x@example.com',
        ...payload,
      });
      expect(invited.statusCode).toBe(403);
      expect(await userIdOf('x@example.com')).toBeUndefined();
    });

    it('refuses changing a user whose rights reach beyond the administrator’s (403)', async () => {
      const response = await call(scoped, 'POST', `${operatorId}/disable`, 'Hamburg Hafen');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'people.notManageable' });
      expect((await login('operator@cbm.demo')).statusCode).toBe(204);
    });

    it('answers 404 for a user or a site of another organisation, and for a site it does not manage', async () => {
      const other = await signInScopedAdmin(t, {
        email: 'other-org@example.com',
        features: ['cbm_osadmin', 'cbm_liveview'],
        manages: [site('Wien Süd')],
      });
      const foreign = await call(other, 'POST', `${memberId}/disable`, 'Wien Süd');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'people.notFound' });
      expect((await call(other, 'POST', `${memberId}/disable`, 'Hamburg Hafen')).json()).toMatchObject({
        statusCode: 404,
        code: 'sites.notFound',
      });
      const list = await t.request({ url: `/api/v2/people?operatingSiteId=${site('Wien Süd')}`, cookie: other });
      expect(list.json().people.map((p: { email: string }) => p.email)).toEqual([
        'admin@cbm.demo',
        'other-org@example.com',
      ]);
      expect(
        (await t.request({ url: `/api/v2/people?operatingSiteId=${site('Bremen GVZ')}`, cookie: scoped })).statusCode,
      ).toBe(404);
    });

    it('answers 403 without cbm_osadmin and 409 for one’s own account', async () => {
      const operator = await t.signIn('operator@cbm.demo');
      expect(
        (await t.request({ url: `/api/v2/people?operatingSiteId=${site('Hamburg Hafen')}`, cookie: operator }))
          .statusCode,
      ).toBe(403);
      const own = await call(scoped, 'POST', `${await userIdOf('scoped@example.com')}/disable`, 'Hamburg Hafen');
      expect(own.json()).toMatchObject({ statusCode: 409, code: 'people.ownAccount' });
    });
  });

  it('disables a user: every session ends at once (even a remembered one), sign-in is refused; re-enables', async () => {
    const email = 'stations@cbm.demo';
    const userId = await userIdOf(email);
    const session = await t.signIn(email);
    expect((await t.request({ url: '/api/v2/user', cookie: session })).statusCode).toBe(200);
    const disabled = await call(admin, 'POST', `${userId}/disable`, 'Hamburg Hafen');
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await t.request({ url: '/api/v2/user', cookie: session })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect(await lastAudit(email)).toMatchObject({
      action: AUDIT_ACTIONS.userDisabled,
      previous_value: { status: 'active' },
      new_value: { status: 'disabled' },
    });
    expect((await call(admin, 'POST', `${userId}/password-reset`, 'Hamburg Hafen')).json()).toMatchObject({
      code: 'people.notActive',
    });
    expect((await call(admin, 'POST', `${userId}/enable`, 'Hamburg Hafen')).json()).toMatchObject({ status: 'active' });
    expect((await login(email)).statusCode).toBe(204);
  });

  it('resets a password by mail: the link sets a new one and ends the other sessions', async () => {
    const email = 'stations@cbm.demo';
    const session = await t.signIn(email);
    expect((await call(admin, 'POST', `${await userIdOf(email)}/password-reset`, 'Hamburg Hafen')).statusCode).toBe(
      204,
    );
    const mail = await mailTo(sink.mails, email);
    expect(mail.subject).toBe('Reset your CBM password');
    expect((await t.request({ url: '/api/v2/user', cookie: session })).statusCode).toBe(200);
    const set = await t.request({
      method: 'POST',
      url: '/api/v2/people/password',
      payload: { token: linkToken(mail), password: 'Ladestation-2026' },
    });
    expect(set.statusCode).toBe(204);
    expect((await t.request({ url: '/api/v2/user', cookie: session })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'Ladestation-2026')).statusCode).toBe(204);
  });
});
