import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { recoveryCodesSchema, twoFactorEnrolmentSchema } from '@cbm/contracts/two-factor';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../identity/passwords';
import { peopleRepository } from '../people/people-repository';
import { userRepository } from '../users/user-repository';

const EMAIL = 'forced@example.com';

describeEachDatabase('two-factor sign-in required by the organisation', (kind) => {
  let t: TestApp;
  let admin: string;
  let policyUrl: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    const hamburg = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    policyUrl = `/api/v2/people/two-factor-policy?operatingSiteId=${hamburg}`;
    const userId = await userRepository(t.db).create({
      email: EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Fiona',
      lastName: 'Forced',
    });
    const organizationId = await peopleRepository(t.db).organizationOf(hamburg);
    await t.db.query('UPDATE app_user SET organization_id = $2 WHERE id = $1', [userId, organizationId]);
  });
  afterAll(() => t.close());

  const setPolicy = (cookie: string, required: boolean) =>
    t.request({ method: 'PUT', url: policyUrl, cookie, payload: { required } });
  const login = () =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username: EMAIL, password: DEMO_PASSWORD } });

  it('is set by the organisation’s user administrators only, and audited', async () => {
    expect((await t.request({ url: policyUrl, cookie: admin })).json()).toEqual({ required: false });
    const refused = await setPolicy(await t.signIn('operator@cbm.demo'), true);
    expect(refused.statusCode).toBe(403);
    expect((await setPolicy(admin, true)).json()).toEqual({ required: true });
    expect((await t.request({ url: policyUrl, cookie: admin })).json()).toEqual({ required: true });
    const [entry] = await t.db.query<{ previous_value: unknown; new_value: unknown }>(
      'SELECT previous_value, new_value FROM audit_entry WHERE action = $1',
      [AUDIT_ACTIONS.userTwoFactorPolicyChanged],
    );
    expect(entry).toEqual({ previous_value: { twoFactorRequired: false }, new_value: { twoFactorRequired: true } });
  });

  it('leads a user without two-factor to enrol after the password; the first code signs in', async () => {
    const first = await login();
    expect(first.json()).toEqual({ twoFactorRequired: true, enrolmentRequired: true });
    expect(first.cookies.find((cookie) => cookie.name === 'cbm_session' && cookie.value)).toBeUndefined();
    const pendingCookie = first.cookies.find((cookie) => cookie.name === 'cbm_pending_signin');
    const cookie = `cbm_pending_signin=${pendingCookie?.value}`;
    const send = (code: string) =>
      t.request({ method: 'POST', url: '/api/v2/auth/login/code', cookie, payload: { code } });
    expect((await send('123456')).json()).toMatchObject({ statusCode: 409, code: 'twoFactor.notStarted' });

    const enrolment = await t.request({ method: 'POST', url: '/api/v2/auth/login/enrolment', cookie });
    const { secret } = twoFactorEnrolmentSchema.parse(enrolment.json());
    const done = await send(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    expect(recoveryCodesSchema.parse(done.json()).recoveryCodes).toHaveLength(10);
    const session = done.cookies.find((each) => each.name === 'cbm_session');
    expect((await t.request({ url: '/api/v2/user', cookie: `cbm_session=${session?.value}` })).statusCode).toBe(200);

    expect((await login()).json()).toEqual({ twoFactorRequired: true, enrolmentRequired: false });
    const noMore = await t.request({ method: 'POST', url: '/api/v2/auth/login/enrolment', cookie });
    expect(noMore.statusCode).toBe(401);
  });

  it('does not touch users of other organisations or without one', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { username: 'stations@cbm.demo', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(204);
    expect((await setPolicy(admin, false)).json()).toEqual({ required: false });
  });
});
