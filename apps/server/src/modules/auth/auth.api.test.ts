import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('sign-in', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'Admin@CBM.demo', password: 'cbm-demo' },
    });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'cbm_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const authenticated = await t.request({ url: '/api/v2/authenticated', cookie: `cbm_session=${cookie?.value}` });
    expect(authenticated.json()).toEqual({ authenticated: true });
  });

  it('answers 401 with a clear message for a wrong password or an unknown user', async () => {
    for (const username of ['admin@cbm.demo', 'nobody@cbm.demo']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username, password: 'wrong' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'auth.invalidCredentials',
        message: 'E-mail address or password is wrong.',
      });
    }
  });

  it('gives a new session id on every sign-in and ends the old one', async () => {
    const first = await t.signIn('operator@cbm.demo');
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/auth/login',
      cookie: first,
      payload: { username: 'operator@cbm.demo', password: 'cbm-demo' },
    });
    const second = response.cookies.find((c) => c.name === 'cbm_session')?.value;
    expect(second).toBeDefined();
    expect(`cbm_session=${second}`).not.toBe(first);
    expect((await t.request({ url: '/api/v2/authenticated', cookie: first })).json()).toEqual({ authenticated: false });
  });

  it('ends the session on logout', async () => {
    const cookie = await t.signIn('admin@cbm.demo');
    expect((await t.request({ method: 'POST', url: '/api/v2/auth/logout', cookie })).statusCode).toBe(204);
    expect((await t.request({ url: '/api/v2/user', cookie })).statusCode).toBe(401);
  });
});
