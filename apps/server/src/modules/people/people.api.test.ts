import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { peopleResponseSchema, personSchema } from '@cbm/contracts/people';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { linkToken, mailTo, PUBLIC_URL } from './test/people-test-data';

describeEachDatabase('people: list, invitations and mailed links', (kind) => {
  const sink = new SmtpSink();
  let t: TestApp;
  let admin: string;
  let ids: Record<string, number>;
  const hamburg = () => ids['Hamburg Hafen'] as number;
  const people = (query = `?operatingSiteId=${hamburg()}`) => `/api/v2/people${query}`;
  const invite = (payload: object, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: people().replace('people', 'people/invitations'),
      cookie: admin,
      payload,
      headers,
    });
  const setPassword = (token: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v2/people/password', payload: { token, password } });
  const login = (username: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password } });
  const auditActions = async (email: string) =>
    (
      await t.db.query<{ action: string }>('SELECT action FROM audit_entry WHERE entity_id = $1 ORDER BY id', [email])
    ).map((row) => row.action);

  beforeAll(async () => {
    await sink.start();
    t = await createTestApp(kind, { SMTP_URL: sink.url, PUBLIC_URL, SESSION_CACHE_SECONDS: 0 });
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('lists the users of the site’s organisation with features, sites, status and what the admin may grant', async () => {
    const response = await t.request({ url: people(), cookie: admin });
    expect(response.statusCode).toBe(200);
    const body = peopleResponseSchema.parse(response.json());
    expect(body.people.map((person) => person.email)).toEqual([
      'admin@cbm.demo',
      'operator@cbm.demo',
      'stations@cbm.demo',
    ]);
    const [self, operator] = body.people;
    expect(self).toMatchObject({ status: 'active', manageable: false });
    expect(self?.lastSignInAt).not.toBeNull();
    expect(operator).toMatchObject({ status: 'active', manageable: true, lastSignInAt: null });
    expect(operator?.sites).toHaveLength(4);
    expect(operator?.sites[0]?.permissions).toEqual(['battery.report', 'battery.statistic']);
    expect(body.grantable.sites.map((site) => site.name).sort()).toEqual([
      'Bremen GVZ',
      'Hamburg Hafen',
      'München Riem',
      'Stuttgart Hafen',
    ]);
  });

  it('invites by e-mail: a one-time link sets the password, then the user signs in with it', async () => {
    const email = 'new.operator@example.com';
    const response = await invite(
      {
        email: ' New.Operator@Example.com ',
        firstName: 'Nina',
        lastName: 'Neu',
        features: ['cbm_liveview'],
        sites: [{ operatingSiteId: hamburg(), permissions: [] }],
      },
      { 'accept-language': 'de' },
    );
    expect(response.statusCode).toBe(201);
    expect(personSchema.parse(response.json())).toMatchObject({
      email,
      status: 'invited',
      features: ['cbm_liveview'],
      sites: [{ operatingSiteId: hamburg(), permissions: [] }],
    });
    const mail = await mailTo(sink.mails, email);
    expect(mail.subject).toBe('Ihre Einladung zu CBM');
    expect(mail.text).toContain(`${PUBLIC_URL}/set-password?token=`);
    const token = linkToken(mail);

    const page = await t.request({ url: `/set-password?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="set-password"');
    expect(page.body).toContain(email);

    for (const [password, message] of [
      ['Kx7-brief', 'Use at least 10 characters'],
      ['password123', 'This password is one of the most common ones: choose another'],
      ['Qwertyuiop', 'This password is one of the most common ones: choose another'],
    ] as const) {
      const weak = await setPassword(token, password);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors['body.password']).toEqual([message]);
    }
    expect((await login(email, 'Stellwerk-42-Nord')).statusCode).toBe(401);
    expect((await setPassword(token, 'Stellwerk-42-Nord')).statusCode).toBe(204);
    expect((await login(email, 'Stellwerk-42-Nord')).statusCode).toBe(204);

    const reused = await setPassword(token, 'Another-Password-7');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'people.linkInvalid' });
    expect((await t.request({ url: `/set-password?token=${token}` })).body).toContain('This link is not valid');
    expect(await auditActions(email)).toEqual([
      AUDIT_ACTIONS.userInvited,
      AUDIT_ACTIONS.signInFailed,
      AUDIT_ACTIONS.userPasswordSet,
      AUDIT_ACTIONS.signIn,
    ]);
    const listed = peopleResponseSchema.parse((await t.request({ url: people(), cookie: admin })).json());
    expect(listed.people.find((person) => person.email === email)).toMatchObject({ status: 'active' });
  });

  it('refuses an invalid or duplicate e-mail address, logging the duplicate', async () => {
    const bad = await invite({ email: 'not-an-address', features: [], sites: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['body.email']).toEqual(['Enter a valid e-mail address']);
    const taken = await invite({ email: 'Operator@cbm.demo', features: [], sites: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'people.emailTaken',
      message: 'There is already a user with the e-mail address operator@cbm.demo.',
    });
    expect(await auditActions('operator@cbm.demo')).toContain(AUDIT_ACTIONS.userChangeRefused);
  });

  describe('an open invitation', () => {
    const email = 'pending@example.com';
    let userId: number;
    beforeAll(async () => {
      userId = (await invite({ email, features: [], sites: [] })).json().userId;
    });

    it('is sent again with a new link; the old link stops working', async () => {
      const first = linkToken(await mailTo(sink.mails, email));
      const resend = await t.request({
        method: 'POST',
        url: people().replace('people', `people/${userId}/invitation`),
        cookie: admin,
      });
      expect(resend.statusCode).toBe(204);
      const second = linkToken(await mailTo(sink.mails, email, 2));
      expect(second).not.toBe(first);
      expect((await setPassword(first, 'Stellwerk-42-Nord')).statusCode).toBe(400);
    });

    it('runs out after its lifetime', async () => {
      await t.request({
        method: 'POST',
        url: people().replace('people', `people/${userId}/invitation`),
        cookie: admin,
      });
      const token = linkToken(await mailTo(sink.mails, email, 3));
      await t.db.query(`UPDATE user_link SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
      expect((await setPassword(token, 'Stellwerk-42-Nord')).json()).toMatchObject({ code: 'people.linkInvalid' });
    });

    it('is withdrawn: the user is gone; an accepted invitation cannot be withdrawn', async () => {
      const url = people().replace('people', `people/${userId}/invitation`);
      expect((await t.request({ method: 'DELETE', url, cookie: admin })).statusCode).toBe(204);
      expect((await t.request({ method: 'DELETE', url, cookie: admin })).json()).toMatchObject({
        code: 'people.notFound',
      });
      const operator = (
        await t.db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = 'operator@cbm.demo'`)
      )[0];
      const active = people().replace('people', `people/${operator?.id}/invitation`);
      expect((await t.request({ method: 'DELETE', url: active, cookie: admin })).json()).toMatchObject({
        statusCode: 409,
        code: 'people.notInvited',
      });
    });
  });

  it('keeps the demo password of the other users working', async () => {
    expect((await login('operator@cbm.demo', DEMO_PASSWORD)).statusCode).toBe(204);
  });
});
