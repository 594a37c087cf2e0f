import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../identity/passwords';
import { userRepository } from './user-repository';

describeEachDatabase('password change', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No session cache: the test looks at what the database says, as another replica would after a few seconds.
    t = await createTestApp(kind, { SESSION_CACHE_SECONDS: 0 });
  });
  afterAll(() => t.close());

  const signedIn = async (cookie: string) => (await t.request({ url: '/api/v2/user', cookie })).statusCode;

  it('ends every session of the user (the CLI’s user password), and only theirs', async () => {
    const [laptop, phone, other] = [
      await t.signIn('operator@cbm.demo'),
      await t.signIn('operator@cbm.demo'),
      await t.signIn('admin@cbm.demo'),
    ];
    const users = userRepository(t.db);
    const operator = await users.findCredentials('operator@cbm.demo');
    await users.setPassword(operator?.id as number, await hashPassword('a-new-password'));
    expect([await signedIn(laptop), await signedIn(phone), await signedIn(other)]).toEqual([401, 401, 200]);
    const login = (password: string) =>
      t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'operator@cbm.demo', password } });
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('a-new-password')).statusCode).toBe(204);
  });
});
