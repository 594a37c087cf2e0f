import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../test/cookie-jar';
import { type IssuerAccount, type OidcIssuer, startOidcIssuer } from '../../../test/oidc-issuer';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { featuresFrom } from './oidc-routes';

const CLIENT = { OIDC_CLIENT_ID: 'cbm-portal', OIDC_CLIENT_SECRET: 'a-long-client-secret', OIDC_ALLOW_HTTP: true };
const CALLBACK_PATH = '/api/v2/auth/oidc/callback';

/** One browser request: no redirect is followed, cookies go to and come from the jar. */
async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const cookie = jar.header(url);
  const response = await fetch(url, { ...init, redirect: 'manual', headers: cookie ? { cookie } : {} });
  jar.store(response);
  return response;
}

function locationOf(response: Response, url: string): string {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`expected a redirect from ${url}, got ${response.status}`);
  }
  return new URL(location, url).href;
}

/**
 * Starts the sign-in at CBM and goes through the issuer like a browser: follows its redirects and
 * submits its sign-in and consent forms. Returns the URL the issuer sends the browser back to
 * and the forms it answered on the way.
 */
async function authorize(jar: CookieJar, cbm: string, login: string) {
  let url = locationOf(await send(jar, `${cbm}/api/v2/auth/oidc/start`), cbm);
  const forms: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(`${cbm}${CALLBACK_PATH}`)) return { callback: new URL(url), forms };
    const response = await send(jar, url);
    if (response.status !== 200) {
      url = locationOf(response, url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${page.slice(0, 200)}`);
    forms.push(prompt);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const submitUrl = new URL(action, url).href;
    url = locationOf(await send(jar, submitUrl, { method: 'POST', body: form }), submitUrl);
  }
  throw new Error('the issuer did not send the browser back to CBM');
}

/** The whole sign-in, leaving CBM's session cookie in the jar; returns the forms answered. */
async function signIn(jar: CookieJar, cbm: string, login: string): Promise<string[]> {
  const { callback, forms } = await authorize(jar, cbm, login);
  const response = await send(jar, callback.href);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/');
  expect(jar.get('cbm_session')).toBeDefined();
  expect(jar.get('cbm_oidc')).toBeUndefined();
  return forms;
}

async function userOf(jar: CookieJar, cbm: string) {
  const response = await send(jar, `${cbm}/api/v2/user`);
  expect(response.status).toBe(200);
  return response.json();
}

describeEachDatabase('sign-in through the identity provider', (kind) => {
  let issuer: OidcIssuer;
  let t: TestApp;
  let cbm: string;
  const account = (login: string, claims: IssuerAccount) => issuer.accounts.set(login, claims);
  const usersWithSubject = async (login: string) =>
    t.db.query<{ id: number; email: string }>('SELECT id, email FROM app_user WHERE oidc_subject = $1', [
      `${issuer.url}|${login}`,
    ]);

  beforeAll(async () => {
    issuer = await startOidcIssuer();
    t = await createTestApp(kind, { OIDC_ISSUER: issuer.url, ...CLIENT });
    cbm = await t.app.listen({ port: 0, host: '127.0.0.1' });
    issuer.register({
      clientId: CLIENT.OIDC_CLIENT_ID,
      clientSecret: CLIENT.OIDC_CLIENT_SECRET,
      redirectUri: `${cbm}${CALLBACK_PATH}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('signs a new user in with the names and exactly the known features of the claims', async () => {
    account('alice', {
      email: 'Alice.Adler@example.com',
      given_name: 'Alice',
      family_name: 'Adler',
      cbm_features: ['cbm_liveview', 'cbm_alert', 'not_a_feature', 'cbm_alert'],
    });
    const jar = new CookieJar();
    expect(await signIn(jar, cbm, 'alice')).toEqual(['login', 'consent']);
    expect(await userOf(jar, cbm)).toEqual({
      firstName: 'Alice',
      lastName: 'Adler',
      theme: 'default',
      language: null,
      clock: 'site',
      authorizedFeatures: ['cbm_alert', 'cbm_liveview'],
    });
    expect(await usersWithSubject('alice')).toEqual([{ id: expect.any(Number), email: 'alice.adler@example.com' }]);
  });

  it('updates the same user on the next sign-in instead of adding one', async () => {
    account('bruno', {
      email: 'bruno@example.com',
      given_name: 'Bruno',
      family_name: 'Berg',
      cbm_features: 'cbm_view',
    });
    const jar = new CookieJar();
    await signIn(jar, cbm, 'bruno');
    const [first] = await usersWithSubject('bruno');

    // Signed in at the issuer already: no form this time. The account changed meanwhile.
    account('bruno', {
      email: 'bruno.berg@example.com',
      given_name: 'Bruno',
      family_name: 'Berg-Lind',
      cbm_features: 'cbm_report, cbm_datalog',
    });
    expect(await signIn(jar, cbm, 'bruno')).toEqual([]);
    expect(await usersWithSubject('bruno')).toEqual([{ id: first?.id, email: 'bruno.berg@example.com' }]);
    expect(await userOf(jar, cbm)).toMatchObject({
      lastName: 'Berg-Lind',
      authorizedFeatures: ['cbm_datalog', 'cbm_report'],
    });
  });

  it("keeps the old address when the account's new one belongs to another user", async () => {
    account('dora', { email: 'dora@example.com', given_name: 'Dora', family_name: 'Dietz' });
    const jar = new CookieJar();
    await signIn(jar, cbm, 'dora');
    account('dora', { email: 'admin@cbm.demo', given_name: 'Dora', family_name: 'Dietz' });
    expect(await signIn(jar, cbm, 'dora')).toEqual([]);
    expect(await usersWithSubject('dora')).toEqual([{ id: expect.any(Number), email: 'dora@example.com' }]);
    expect(await userOf(jar, cbm)).toMatchObject({ firstName: 'Dora' });
  });

  describe('an address that a CBM account already has', () => {
    const target = 'stations@cbm.demo';
    const linked = async () =>
      (
        await t.db.query<{ oidc_subject: string | null }>('SELECT oidc_subject FROM app_user WHERE email = $1', [
          target,
        ])
      )[0]?.oidc_subject;

    it.each([
      ['missing', undefined],
      ['false', false],
      ['the string "true"', 'true'],
    ])('is not linked when email_verified is %s: 401, no session, the account untouched', async (_, verified) => {
      const login = `mallory-${String(verified)}`;
      account(login, {
        email: target.toUpperCase(),
        given_name: 'Mallory',
        family_name: 'M',
        email_verified: verified,
      });
      const jar = new CookieJar();
      const { callback } = await authorize(jar, cbm, login);
      const response = await send(jar, callback.href);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'auth.invalidCredentials' });
      expect(jar.get('cbm_session')).toBeUndefined();
      expect(await linked()).toBeNull();
      expect(await usersWithSubject(login)).toEqual([]);
    });

    it('is linked when email_verified is true', async () => {
      account('stella', { email: target, given_name: 'Stella', family_name: 'S', email_verified: true });
      const jar = new CookieJar();
      await signIn(jar, cbm, 'stella');
      expect(await linked()).toBe(`${issuer.url}|stella`);
      expect(await userOf(jar, cbm)).toMatchObject({ firstName: 'Stella' });
    });
  });

  it('refuses a callback with a wrong state, without the flow cookie, or with an error, as 401', async () => {
    account('carla', { email: 'carla@example.com', given_name: 'Carla', family_name: 'Cruz' });
    const jar = new CookieJar();
    const { callback } = await authorize(jar, cbm, 'carla');
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'not-the-state');
    const denied = new URL(`${cbm}${CALLBACK_PATH}`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', callback.searchParams.get('state') ?? '');

    for (const [url, cookies] of [
      [wrongState, jar],
      [callback, new CookieJar()],
      [denied, jar],
    ] as const) {
      const response = await send(cookies, url.href);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        statusCode: 401,
        code: 'auth.invalidCredentials',
        message: 'E-mail address or password is wrong.',
      });
      expect(cookies.get('cbm_session')).toBeUndefined();
    }
    // The code was never spent on the refused attempts: the genuine callback still signs in.
    expect((await send(jar, callback.href)).status).toBe(302);
    expect(await userOf(jar, cbm)).toMatchObject({ firstName: 'Carla', authorizedFeatures: [] });
  });

  it('answers 502 with a clear message when the issuer cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createTestApp(kind, { OIDC_ISSUER: `http://127.0.0.1:${port}`, ...CLIENT });
    try {
      for (const [url, cookie] of [
        ['/api/v2/auth/oidc/start', undefined],
        [`${CALLBACK_PATH}?code=c&state=s`, 'cbm_oidc=s.v'],
      ] as const) {
        const response = await unreachable.request({ url, cookie, headers: { 'accept-language': 'de' } });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ code: 'auth.identityProviderUnavailable' });
        expect(response.json().message).toMatch(/Anmeldedienst/);
      }
    } finally {
      await unreachable.close();
    }
  });
});

describe('featuresFrom', () => {
  it('takes a list or a space- or comma-separated string, once each, and ignores unknown names', () => {
    expect(featuresFrom(['cbm_view', 'cbm_alert', 'cbm_view', 'nope'])).toEqual(['cbm_view', 'cbm_alert']);
    expect(featuresFrom(' cbm_view  cbm_alert ')).toEqual(['cbm_view', 'cbm_alert']);
    expect(featuresFrom('cbm_view,cbm_alert, cbm_report')).toEqual(['cbm_view', 'cbm_alert', 'cbm_report']);
  });

  it('yields nothing for junk', () => {
    for (const junk of [undefined, null, 42, {}, '', ',, ', [1, null, {}, ['cbm_view']], 'CBM_VIEW']) {
      expect(featuresFrom(junk)).toEqual([]);
    }
  });
});
