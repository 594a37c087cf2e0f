import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageAfterSignin } from '../../../test/signin-script';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { renderSignin } from './signin-page';

const HOST = 'cbm.example:8080';
const ORIGIN = `http://${HOST}`;
// Each resolves to another origin or scheme in a browser (the tab is dropped by the URL parser).
const OFF_SITE = [
  '/\\evil.com',
  '/\t/evil.com',
  '/\\t/evil.com',
  '//evil.com',
  '///evil.com',
  'https://evil.com',
  'https:evil.com',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,x',
  '\\\\evil.com',
  'http://cbm.example:8081/',
];

describeEachDatabase('sign-in page', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('is served without a session: an e-mail field, a password field and a submit button, in English', async () => {
    const response = await t.request({ url: '/signin', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<input type="email" name="username"[^>]* required/);
    expect(html).toMatch(/<input type="password" name="password"[^>]* required/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<h1>Sign in to CBM</h1>');
    expect(html).not.toContain('/api/v2/auth/oidc/start');
    expect(html).toMatch(/<form id="signin-code"[^>]* hidden>/);
    expect(html).toMatch(/<input name="code" autocomplete="one-time-code" required/);
  });

  it.each(['de-DE', 'de', 'de-AT,en;q=0.5'])('is German with Accept-Language %s', async (language) => {
    const response = await t.request({ url: '/signin', headers: { 'accept-language': language } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('<h1>Bei CBM anmelden</h1>');
    expect(response.body).toContain('<button type="submit">Anmelden</button>');
    expect(response.body).toContain('E-Mail-Adresse');
    expect(response.body).toContain('<h2>Code eingeben</h2>');
  });

  it('sends a signed-in user to the application', async () => {
    const response = await t.request({ url: '/signin', cookie: await t.signIn('operator@cbm.demo') });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  const target = (next: string) => pageAfterSignin(t, ORIGIN, next);

  it.each(OFF_SITE)('goes to the start page after sign-in, not off site, with next=%j', async (next) => {
    expect(await target(next)).toBe(`${ORIGIN}/`);
  });

  it('goes back to the page the user came from on the same origin', async () => {
    expect(await target('/3/live')).toBe(`${ORIGIN}/3/live`);
    expect(await target('/3/events?from=1#top')).toBe(`${ORIGIN}/3/events?from=1#top`);
    expect(await target(`${ORIGIN}/3/live`)).toBe(`${ORIGIN}/3/live`);
    // Resolves to the path //evil.com here; handed on as such it would leave, so it becomes /evil.com.
    expect(await target('/.//evil.com')).toBe(`${ORIGIN}/evil.com`);
  });

  it('sends a signed-in user to next only on the same origin', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    const away = await t.request({ url: `/signin?next=${encodeURIComponent('/\\evil.com')}`, cookie });
    expect(away.headers.location).toBe('/');
    const back = await t.request({ url: '/signin?next=%2F3%2Flive', cookie });
    expect(back.headers.location).toBe('/3/live');
  });

  it('serves its own script, style and icon without a session', async () => {
    for (const [file, type] of [
      ['signin.js', /javascript/],
      ['signin.css', /^text\/css/],
      ['favicon.svg', /^image\/svg\+xml/],
    ] as const) {
      const response = await t.request({ url: `/signin/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toMatch(type);
    }
  });

  it('loads no inline script, so the content security policy holds', async () => {
    const response = await t.request({ url: '/signin' });
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

it('offers the company sign-in only when OIDC is on', () => {
  expect(renderSignin('en', true)).toContain(
    '<a class="oidc" href="/api/v2/auth/oidc/start">Sign in with your company account</a>',
  );
  expect(renderSignin('de', true)).toContain('Mit Ihrem Firmenkonto anmelden');
  expect(renderSignin('en', false)).not.toContain('oidc');
});
