import { FEATURES } from '@cbm/contracts/features';
import { userSchema } from '@cbm/contracts/user';
import { DEMO_USERS } from '@cbm/demo-fixtures/demo-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const sorted = (items: readonly string[]) => [...items].sort();

describeEachDatabase('user', (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const { email } of DEMO_USERS) cookies[email] = await t.signIn(email);
  });
  afterAll(() => t.close());

  describe('GET /api/v2/user', () => {
    it.each([
      ['admin@cbm.demo', 'Ada', 'Admin', FEATURES],
      ['operator@cbm.demo', 'Otto', 'Operator', ['cbm_liveview', 'cbm_alert', 'cbm_report', 'cbm_statistic']],
      ['blocked@cbm.demo', 'Bea', 'Blocked', []],
    ])('answers the profile of %s', async (email, firstName, lastName, features) => {
      const response = await t.request({ url: '/api/v2/user', cookie: cookies[email] });
      expect(response.statusCode).toBe(200);
      const user = userSchema.parse(response.json());
      expect(user).toMatchObject({ firstName, lastName, theme: 'default' });
      expect(sorted(user.authorizedFeatures)).toEqual(sorted(features));
      expect(Object.keys(response.json()).sort()).toEqual([
        'authorizedFeatures',
        'clock',
        'firstName',
        'language',
        'lastName',
        'theme',
      ]);
    });

    it('knows every demo user', () => {
      expect(DEMO_USERS.map((user) => user.email)).toEqual([
        'admin@cbm.demo',
        'operator@cbm.demo',
        'stations@cbm.demo',
        'blocked@cbm.demo',
      ]);
    });

    it('answers 401 without a session and with an unknown session token', async () => {
      for (const cookie of [undefined, 'cbm_session=not-a-session']) {
        const response = await t.request({ url: '/api/v2/user', cookie });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          statusCode: 401,
          code: 'auth.unauthenticated',
          message: 'Please sign in first.',
        });
      }
    });
  });

  describe('PUT /api/v2/user/theme', () => {
    it('stores the theme for the user only, across sessions', async () => {
      const cookie = cookies['blocked@cbm.demo'];
      const response = await t.request({
        method: 'PUT',
        url: '/api/v2/user/theme',
        cookie,
        payload: { theme: 'crown' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ firstName: 'Bea', theme: 'crown' });

      const again = await t.request({ url: '/api/v2/user', cookie: await t.signIn('blocked@cbm.demo') });
      expect(again.json()).toMatchObject({ theme: 'crown' });
      const other = await t.request({ url: '/api/v2/user', cookie: cookies['operator@cbm.demo'] });
      expect(other.json()).toMatchObject({ theme: 'default' });

      const back = await t.request({ method: 'PUT', url: '/api/v2/user/theme', cookie, payload: { theme: 'default' } });
      expect(back.json()).toMatchObject({ theme: 'default' });
    });

    it.each([{ theme: 'neon' }, { theme: 5 }, { theme: null }, {}])(
      'refuses %j with 400 and a message for the field',
      async (payload) => {
        const cookie = cookies['operator@cbm.demo'];
        const response = await t.request({ method: 'PUT', url: '/api/v2/user/theme', cookie, payload });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ statusCode: 400, code: 'request.invalid' });
        expect(Object.keys(body.errors)).toEqual(['body.theme']);
        expect(body.errors['body.theme']).toEqual([expect.any(String)]);
        const user = await t.request({ url: '/api/v2/user', cookie });
        expect(user.json()).toMatchObject({ theme: 'default' });
      },
    );

    it('answers 401 without a session', async () => {
      const response = await t.request({ method: 'PUT', url: '/api/v2/user/theme', payload: { theme: 'crown' } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /api/v2/user/language', () => {
    it('is null until the user chooses, then kept for the user only, across sessions', async () => {
      const cookie = cookies['blocked@cbm.demo'];
      expect((await t.request({ url: '/api/v2/user', cookie })).json()).toMatchObject({ language: null });
      const put = (language: unknown) =>
        t.request({ method: 'PUT', url: '/api/v2/user/language', cookie, payload: { language } });
      expect((await put('de')).json()).toMatchObject({ language: 'de' });
      const again = await t.request({ url: '/api/v2/user', cookie: await t.signIn('blocked@cbm.demo') });
      expect(again.json()).toMatchObject({ language: 'de' });
      const other = await t.request({ url: '/api/v2/user', cookie: cookies['operator@cbm.demo'] });
      expect(other.json()).toMatchObject({ language: null });
      const refused = await put('fr');
      expect(refused.json()).toMatchObject({ statusCode: 400, code: 'request.invalid' });
      expect(Object.keys(refused.json().errors)).toEqual(['body.language']);
      expect((await put('en')).json()).toMatchObject({ language: 'en' });
      // null goes back to the browser's language.
      expect((await put(null)).json()).toMatchObject({ language: null });
    });
  });

  describe('PUT /api/v2/user/clock', () => {
    it("shows the site's zone until the user chooses the browser's, kept for the user only", async () => {
      const cookie = cookies['blocked@cbm.demo'];
      expect((await t.request({ url: '/api/v2/user', cookie })).json()).toMatchObject({ clock: 'site' });
      const put = (clock: unknown) =>
        t.request({ method: 'PUT', url: '/api/v2/user/clock', cookie, payload: { clock } });
      expect((await put('browser')).json()).toMatchObject({ clock: 'browser' });
      const again = await t.request({ url: '/api/v2/user', cookie: await t.signIn('blocked@cbm.demo') });
      expect(again.json()).toMatchObject({ clock: 'browser' });
      const other = await t.request({ url: '/api/v2/user', cookie: cookies['operator@cbm.demo'] });
      expect(other.json()).toMatchObject({ clock: 'site' });
      const refused = await put('UTC');
      expect(refused.json()).toMatchObject({ statusCode: 400, code: 'request.invalid' });
      expect(Object.keys(refused.json().errors)).toEqual(['body.clock']);
      expect((await put('site')).json()).toMatchObject({ clock: 'site' });
    });

    it('answers 401 without a session', async () => {
      const response = await t.request({ method: 'PUT', url: '/api/v2/user/clock', payload: { clock: 'site' } });
      expect(response.statusCode).toBe(401);
    });
  });
});
