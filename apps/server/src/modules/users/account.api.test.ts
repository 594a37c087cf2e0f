import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { ownSessionsSchema } from '@cbm/contracts/user';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('own account: password and sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SESSION_CACHE_SECONDS: 60 });
  });
  afterAll(() => t.close());

  const status = async (cookie: string) => (await t.request({ url: '/api/v2/user', cookie })).statusCode;
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    t.request({ method: 'PUT', url: '/api/v2/user/password', cookie, payload: { currentPassword, newPassword } });
  const sessions = async (cookie: string) =>
    ownSessionsSchema.parse((await t.request({ url: '/api/v2/user/sessions', cookie })).json());
  const login = (password: string) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'stations@cbm.demo', password } });

  it('lists the own sessions and ends one at once, not another user’s', async () => {
    const [laptop, phone, other] = [
      await t.signIn('stations@cbm.demo'),
      await t.signIn('stations@cbm.demo'),
      await t.signIn('operator@cbm.demo'),
    ];
    const listed = await sessions(laptop);
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const phoneId = listed.find((session) => !session.current)?.sessionId as string;
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/v2/user/sessions?sessionId=${phoneId}`,
      cookie: other,
    });
    expect(foreign.json()).toMatchObject({ statusCode: 404, code: 'account.sessionNotFound' });
    expect(await status(phone)).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v2/user/sessions?sessionId=${phoneId}`, cookie: laptop }))
        .statusCode,
    ).toBe(204);
    expect([await status(phone), await status(laptop)]).toEqual([401, 200]);
  });

  it('changes the password with the current one; the other sessions end, this one stays', async () => {
    const [here, elsewhere] = [await t.signIn('stations@cbm.demo'), await t.signIn('stations@cbm.demo')];
    const wrong = await change(here, 'not-the-password', 'Ladestation-2026');
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'account.wrongPassword' });
    const common = await change(here, DEMO_PASSWORD, 'password123');
    expect(common.json().errors['body.newPassword']).toEqual([
      'This password is one of the most common ones: choose another',
    ]);
    const short = await change(here, DEMO_PASSWORD, 'Kx7-brief');
    expect(short.json().errors['body.newPassword']).toEqual(['Use at least 10 characters']);
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(204);

    expect((await change(here, DEMO_PASSWORD, 'Ladestation-2026')).statusCode).toBe(204);
    expect([await status(here), await status(elsewhere)]).toEqual([200, 401]);
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('Ladestation-2026')).statusCode).toBe(204);
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_entry WHERE entity_id = 'stations@cbm.demo' AND action LIKE 'user.%' ORDER BY id`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      AUDIT_ACTIONS.userSessionEnded,
      AUDIT_ACTIONS.userChangeRefused,
      AUDIT_ACTIONS.userPasswordChanged,
    ]);
  });
});
