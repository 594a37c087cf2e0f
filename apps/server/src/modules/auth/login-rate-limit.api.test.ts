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
