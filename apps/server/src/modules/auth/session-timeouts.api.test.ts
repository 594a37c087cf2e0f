import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const whoAmI = (t: TestApp, cookie: string) => t.request({ url: '/api/v2/user', cookie });
const tokenHashOf = async (t: TestApp) => {
  const [row] = await t.db.query<{ token_hash: string }>(
    'SELECT token_hash FROM user_session ORDER BY created_at DESC LIMIT 1',
  );
  return row?.token_hash as string;
};

describeEachDatabase('session timeouts', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SESSION_IDLE_MINUTES: 30, SESSION_CACHE_SECONDS: 0 });
  });
  afterAll(() => t.close());

  it('ends a session that was idle for longer than SESSION_IDLE_MINUTES', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    const hash = await tokenHashOf(t);
    await t.db.query(`UPDATE user_session SET last_seen_at = now() - interval '29 minutes' WHERE token_hash = $1`, [
      hash,
    ]);
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    await t.db.query(`UPDATE user_session SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [
      hash,
    ]);
    expect((await whoAmI(t, cookie)).statusCode).toBe(401);
  });

  it('keeps a session in use alive by marking when it was last used', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    const hash = await tokenHashOf(t);
    await t.db.query(`UPDATE user_session SET last_seen_at = now() - interval '20 minutes' WHERE token_hash = $1`, [
      hash,
    ]);
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    const [row] = await t.db.query<{ idle_seconds: number }>(
      'SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle_seconds FROM user_session WHERE token_hash = $1',
      [hash],
    );
    expect(row?.idle_seconds).toBeLessThan(60);
  });

  it('ends a session at its absolute expiry however busy it is', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    await t.db.query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      await tokenHashOf(t),
    ]);
    expect((await whoAmI(t, cookie)).statusCode).toBe(401);
  });

  it('removes the user’s ended sessions at the next sign-in', async () => {
    await t.signIn('blocked@cbm.demo');
    await t.db.query(
      `UPDATE user_session SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM app_user WHERE email = 'blocked@cbm.demo')`,
    );
    await t.signIn('blocked@cbm.demo');
    const [row] = await t.db.query<{ sessions: number }>(
      `SELECT count(*)::int AS sessions FROM user_session
        WHERE user_id = (SELECT id FROM app_user WHERE email = 'blocked@cbm.demo')`,
    );
    expect(row?.sessions).toBe(1);
  });
});

describe('session cookie and cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy at 127.0.0.1 (where injected requests come from) whose X-Forwarded-Proto is believed.
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://cbm.example.com', TRUST_PROXY: ['127.0.0.1'] });
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers,
      payload: { username: 'operator@cbm.demo', password: DEMO_PASSWORD },
    });

  it('is Secure, HttpOnly and SameSite=Lax when the request arrived over TLS', async () => {
    const response = await login({ 'x-forwarded-proto': 'https' });
    expect(response.headers['set-cookie']).toMatch(
      /^cbm_session=[\w-]+; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('is not Secure on plain HTTP unless SECURE_COOKIES says so', async () => {
    const response = await login({});
    expect(response.headers['set-cookie']).not.toMatch(/Secure/);
    expect(response.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax$/);
  });

  it('honours sign-out at once although lookups are cached', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/v2/auth/logout', cookie });
    expect((await whoAmI(t, cookie)).statusCode).toBe(401);
  });
});
