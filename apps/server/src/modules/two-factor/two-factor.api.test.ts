import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { recoveryCodesSchema, twoFactorEnrolmentSchema } from '@cbm/contracts/two-factor';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describeEachDatabase('two-factor sign-in', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_ACCOUNT_FAILURES: 3 });
  });
  afterAll(() => t.close());

  const login = (username: string) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password: DEMO_PASSWORD } });
  const sendCode = (pending: string, code: string) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login/code', cookie: pending, payload: { code } });
  const pendingCookie = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((each) => each.name === 'cbm_pending_signin');
    return `cbm_pending_signin=${cookie?.value}`;
  };
  const sessionOf = (response: Awaited<ReturnType<typeof login>>) =>
    response.cookies.find((each) => each.name === 'cbm_session' && each.value);

  /** Enrols the user with a code computed from the shown secret; returns the secret and recovery codes. */
  const enrol = async (email: string) => {
    const cookie = await t.signIn(email);
    const started = await t.request({ method: 'POST', url: '/api/v2/user/two-factor', cookie });
    const { secret, uri } = twoFactorEnrolmentSchema.parse(started.json());
    expect(uri).toContain(`otpauth://totp/CBM:${encodeURIComponent(email)}?`);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v2/user/two-factor/confirm',
      cookie,
      payload: { code: codeOf(secret, 5) },
    });
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'twoFactor.wrongCode' });
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/v2/user/two-factor/confirm',
      cookie,
      payload: { code: codeOf(secret) },
    });
    const { recoveryCodes } = recoveryCodesSchema.parse(confirmed.json());
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await t.request({ url: '/api/v2/user/two-factor', cookie });
    expect(status.json()).toEqual({ enabled: true, available: true });
    const again = await t.request({ method: 'POST', url: '/api/v2/user/two-factor', cookie });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'twoFactor.alreadyOn' });
    return { cookie, secret, recoveryCodes };
  };

  it('signs in without a code while two-factor is off, and asks for one once it is on', async () => {
    expect((await login('operator@cbm.demo')).statusCode).toBe(204);
    const { secret } = await enrol('operator@cbm.demo');

    const first = await login('operator@cbm.demo');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, enrolmentRequired: false });
    expect(sessionOf(first)).toBeUndefined();
    const pending = pendingCookie(first);
    expect((await t.request({ url: '/api/v2/user', cookie: pending })).statusCode).toBe(401);

    const signedIn = await sendCode(pending, codeOf(secret, 1));
    expect(signedIn.statusCode).toBe(204);
    const session = sessionOf(signedIn);
    expect((await t.request({ url: '/api/v2/user', cookie: `cbm_session=${session?.value}` })).statusCode).toBe(200);
    expect((await sendCode(pending, codeOf(secret, 1))).json()).toMatchObject({ code: 'twoFactor.noPendingSignIn' });

    const replay = await sendCode(pendingCookie(await login('operator@cbm.demo')), codeOf(secret, 1));
    expect(replay.json()).toMatchObject({ statusCode: 401, code: 'twoFactor.wrongCode' });
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await enrol('stations@cbm.demo');
    const [code] = recoveryCodes as [string];
    const first = await sendCode(pendingCookie(await login('stations@cbm.demo')), code.toUpperCase());
    expect(first.statusCode).toBe(204);
    const second = await sendCode(pendingCookie(await login('stations@cbm.demo')), code);
    expect(second.json()).toMatchObject({ statusCode: 401, code: 'twoFactor.wrongCode' });
    const [entry] = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_entry WHERE action = $1 AND actor = 'stations@cbm.demo'`,
      [AUDIT_ACTIONS.userRecoveryCodeUsed],
    );
    expect(entry?.action).toBe(AUDIT_ACTIONS.userRecoveryCodeUsed);
  });

  it('refuses wrong codes and locks the account like sign-in after too many', async () => {
    const { secret } = await enrol('admin@cbm.demo');
    const pending = pendingCookie(await login('admin@cbm.demo'));
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await sendCode(pending, '000000')).statusCode).toBe(401);
    }
    const locked = await sendCode(pending, codeOf(secret, 1));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'auth.tooManyAttempts' });
  });

  it('turns two-factor off with the password, not with a wrong one', async () => {
    const { cookie } = await enrol('blocked@cbm.demo');
    const disable = (password: string) =>
      t.request({ method: 'POST', url: '/api/v2/user/two-factor/disable', cookie, payload: { password } });
    expect((await disable('not-the-password')).json()).toMatchObject({ statusCode: 400, code: 'twoFactor.wrongProof' });
    expect((await disable(DEMO_PASSWORD)).statusCode).toBe(204);
    expect((await login('blocked@cbm.demo')).statusCode).toBe(204);
    expect((await disable(DEMO_PASSWORD)).json()).toMatchObject({ statusCode: 409, code: 'twoFactor.notOn' });
  });
});
