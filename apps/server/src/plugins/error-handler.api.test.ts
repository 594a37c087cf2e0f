import { apiErrorSchema } from '@cbm/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

const json = { 'content-type': 'application/json' };

describeEachDatabase('bad input', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = await t.signIn('operator@cbm.demo');
  });
  afterAll(() => t.close());

  const putTheme = (payload: string | object, headers: Record<string, string> = json) =>
    t.request({ method: 'PUT', url: '/api/v2/user/theme', cookie, headers, payload });

  /** Every failure answers the one error shape, as JSON. */
  const expectError = (response: Awaited<ReturnType<typeof putTheme>>, statusCode: number, code: string) => {
    expect(response.statusCode).toBe(statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ statusCode, code });
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  };

  describe('malformed JSON', () => {
    it.each(['{bad', '{"theme": "crown"', '', 'undefined', '{"theme":"crown"}}'])(
      'answers 400 request.malformedBody for %j',
      async (payload) => {
        const body = expectError(await putTheme(payload), 400, 'request.malformedBody');
        expect(body.message).toBe('The request body is not valid JSON.');
      },
    );

    it.each([
      '{"__proto__": {"admin": true}, "theme": "crown"}',
      '{"constructor": {"prototype": {}}, "theme": "crown"}',
    ])('refuses prototype pollution %j with 400', async (payload) => {
      expectError(await putTheme(payload), 400, 'request.malformedBody');
    });

    it('answers 400 on a public route too', async () => {
      const response = await t.request({ method: 'POST', url: '/api/v2/auth/login', headers: json, payload: '{"x' });
      expectError(response, 400, 'request.malformedBody');
    });
  });

  describe('wrong types', () => {
    it.each([
      [[1, 2], 'body'],
      ['"crown"', 'body'],
      [{ theme: ['crown'] }, 'body.theme'],
      [{ theme: { name: 'crown' } }, 'body.theme'],
    ])('answers 400 request.invalid for %j with the field in errors', async (payload, field) => {
      const body = expectError(
        await putTheme(typeof payload === 'string' ? payload : JSON.stringify(payload)),
        400,
        'request.invalid',
      );
      expect(body.errors?.[field]).toEqual([expect.any(String)]);
    });

    it('names every wrong field of a login at once', async () => {
      const response = await t.request({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 7 } });
      const body = expectError(response, 400, 'request.invalid');
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['body.password', 'body.username']);
    });
  });

  describe('content type and size', () => {
    it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'answers 415 for %s',
      async (contentType) => {
        const body = expectError(
          await putTheme('theme=crown', { 'content-type': contentType }),
          415,
          'request.unsupportedMediaType',
        );
        expect(body.message).toContain('application/json');
      },
    );

    it('answers 400, not 500, for a NUL character the database cannot store', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username: 'a\u0000b@cbm.demo', password: 'x' },
      });
      expectError(response, 400, 'request.invalid');
    });

    it('answers 400, not 500, for text/plain', async () => {
      expectError(await putTheme('crown', { 'content-type': 'text/plain' }), 400, 'request.invalid');
    });

    it('answers 413 for a body over 1 MiB', async () => {
      const payload = JSON.stringify({ theme: 'x'.repeat(1024 * 1024) });
      const body = expectError(await putTheme(payload), 413, 'request.payloadTooLarge');
      expect(body.message).toBe('The request body is too large.');
    });
  });

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api/v2/nothing'],
      ['DELETE', '/api/v2/user'],
      ['POST', '/api/v2/rules'],
      ['GET', '/api/v1/user'],
    ] as const)('answers %s %s with 404 request.notFound when signed in', async (method, url) => {
      const body = expectError(await t.request({ method, url, cookie }), 404, 'request.notFound');
      expect(body.message).toBe(`There is nothing at ${method} ${url}.`);
    });

    it('leaves the query out of the message', async () => {
      const body = expectError(await t.request({ url: '/api/v2/nothing?token=abc', cookie }), 404, 'request.notFound');
      expect(body.message).not.toContain('token');
    });

    it('answers 400, not 500, for a broken URL encoding', async () => {
      const response = await t.request({ url: '/api/v2/%ZZ', cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'request.malformedUrl',
        message: 'The address of this request is not valid.',
      });
    });
  });

  describe('German', () => {
    const de = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };

    it('answers in German when the browser prefers German', async () => {
      const unauthenticated = await t.request({ url: '/api/v2/user', headers: de });
      expect(unauthenticated.json().message).toBe('Bitte melden Sie sich zuerst an.');

      const notFound = await t.request({ url: '/api/v2/nothing', cookie, headers: de });
      expect(notFound.json().message).toBe('Unter GET /api/v2/nothing gibt es nichts.');

      const malformed = await putTheme('{bad', { ...json, ...de });
      expect(malformed.json().message).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');

      const crossSite = await putTheme({ theme: 'crown' }, { ...de, origin: 'https://evil.example' });
      expect(crossSite.json().message).toBe('Diese Anfrage kam von einer anderen Website und wurde abgelehnt.');

      const unknownSite = await t.request({ url: '/api/v2/rules?operatingSiteId=999999', cookie, headers: de });
      expect(unknownSite.json().message).toBe('Die Betriebsstätte 999999 gibt es nicht.');
    });

    it('gives German field messages for invalid input', async () => {
      const body = expectError(await putTheme({ theme: 'neon' }, de), 400, 'request.invalid');
      expect(body.message).toBe('Einige Felder sind ungültig. Bitte prüfen Sie sie und versuchen Sie es erneut.');
      expect(body.errors?.['body.theme']?.[0]).toMatch(/^Ungültige Option/);
    });

    it('stays English for other languages', async () => {
      const response = await t.request({ url: '/api/v2/user', headers: { 'accept-language': 'fr-FR,de;q=0.5' } });
      expect(response.json().message).toBe('Please sign in first.');
    });
  });
});
