import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const LIMIT = 3;

describeEachDatabase('sign-in rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_ATTEMPTS_PER_MINUTE: LIMIT });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v2/auth/login', headers, payload: { username, password } });

  it(`answers 429 auth.tooManyAttempts from attempt ${LIMIT + 1} on, even with the right password`, async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await login('operator@cbm.demo', `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const limited = await login('operator@cbm.demo', 'cbm-demo');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      code: 'auth.tooManyAttempts',
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.cookies).toEqual([]);
  });

  it('counts per account: the same address in other spelling is limited, another account is not', async () => {
    expect((await login(' Operator@CBM.demo ', 'cbm-demo')).statusCode).toBe(429);
    expect((await login('admin@cbm.demo', 'cbm-demo')).statusCode).toBe(204);
  });

  it('answers in German when asked', async () => {
    const response = await login('operator@cbm.demo', 'wrong', { 'accept-language': 'de' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe(
      'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    );
  });

  it('does not limit the other routes', async () => {
    for (let n = 0; n <= LIMIT + 1; n++) {
      expect((await t.request({ url: '/api/v2/authenticated' })).statusCode).toBe(200);
    }
  });
});

const login = (t: TestApp, username: string, password: string, forwardedFor?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v2/auth/login',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username, password },
  });

describeEachDatabase('sign-in lockouts behind no trusted proxy (PUBLIC_URL set, TRUST_PROXY not)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      PUBLIC_URL: 'https://cbm.example.com',
      LOGIN_ATTEMPTS_PER_MINUTE: 100,
      LOGIN_ACCOUNT_FAILURES: 3,
      LOGIN_ADDRESS_FAILURES: 6,
    });
  });
  afterAll(() => t.close());

  it('limits one account however X-Forwarded-For is rotated', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login(t, 'operator@cbm.demo', 'wrong', `198.51.100.${attempt}`)).statusCode).toBe(401);
    }
    const limited = await login(t, 'operator@cbm.demo', 'cbm-demo', '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits the address trying one password across many accounts, and logs the refusal', async () => {
    // With the three failures of the test before, the address reaches its six.
    for (let account = 1; account <= 3; account++) {
      expect((await login(t, `guess-${account}@cbm.test`, 'Summer2026!', `203.0.113.${account}`)).statusCode).toBe(401);
    }
    const limited = await login(t, 'admin@cbm.demo', 'cbm-demo', '203.0.113.200');
    expect(limited.statusCode).toBe(429);
    const refusals = await t.db.query<{ actor: string; new_value: unknown }>(
      `SELECT actor, new_value FROM audit_entry WHERE action = 'auth.signInRefused' ORDER BY id`,
    );
    expect(refusals).toEqual([
      { actor: 'operator@cbm.demo', new_value: { reason: 'account', address: '127.0.0.1', retryAfterSeconds: 15 } },
      { actor: 'admin@cbm.demo', new_value: { reason: 'address', address: '127.0.0.1', retryAfterSeconds: 15 } },
    ]);
  });
});

describeEachDatabase('sign-in lockouts behind a trusted proxy (TRUST_PROXY=127.0.0.1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      TRUST_PROXY: ['127.0.0.1'],
      LOGIN_ADDRESS_FAILURES: 3,
      LOGIN_FAILURES_PER_MINUTE: 7,
    });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, not the one the client claims in front of it', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const forwarded = `10.9.9.${attempt}, 203.0.113.5`;
      expect((await login(t, `guess-${attempt}@cbm.test`, 'wrong', forwarded)).statusCode).toBe(401);
    }
    expect((await login(t, 'operator@cbm.demo', 'cbm-demo', '10.9.9.9, 203.0.113.5')).statusCode).toBe(429);
    expect((await login(t, 'operator@cbm.demo', 'cbm-demo', '203.0.113.6')).statusCode).toBe(204);
  });

  it('refuses every sign-in for the rest of the minute past the global ceiling', async () => {
    for (let n = 1; n <= 4; n++) {
      expect((await login(t, `spray-${n}@cbm.test`, 'wrong', `192.0.2.${n}`)).statusCode).toBe(401);
    }
    const limited = await login(t, 'admin@cbm.demo', 'cbm-demo', '192.0.2.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'auth.tooManyAttempts' });
  });
});
