import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
const page = (t: TestApp, url: string, cookie?: string) =>
  t.request({ url, cookie, headers: { accept: 'text/html,application/xhtml+xml' } });

describeEachDatabase('web app pages', (kind) => {
  describe('with a built web app', () => {
    let t: TestApp;
    let webDir: string;
    let cookie: string;
    beforeAll(async () => {
      webDir = await mkdtemp(path.join(tmpdir(), 'cbm-web-'));
      await mkdir(path.join(webDir, 'assets'));
      await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
      await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("cbm");');
      await writeFile(path.join(webDir, 'assets', 'app.js.br'), brotliCompressSync('console.log("cbm");'));
      t = await createTestApp(kind, {}, { webDir });
      cookie = await t.signIn('operator@cbm.demo');
    });
    afterAll(async () => {
      await t.close();
      await rm(webDir, { recursive: true, force: true });
    });

    it.each([
      ['/overview', '/signin?next=%2Foverview'],
      ['/', '/signin?next=%2F'],
      ['/battery/liveview?operatingSiteId=3', '/signin?next=%2Fbattery%2Fliveview%3FoperatingSiteId%3D3'],
    ])('sends a signed-out visitor of %s to %s', async (url, location) => {
      const response = await page(t, url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    });

    it('serves the application to a signed-in user, never from cache', async () => {
      for (const url of ['/overview', '/', '/no/such/page']) {
        const response = await page(t, url, cookie);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe(INDEX_HTML);
      }
    });

    it('serves built assets for a year, as the build compressed them when the browser accepts it', async () => {
      const plain = await t.request({ url: '/assets/app.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe('console.log("cbm");');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const packed = await t.request({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(packed.headers['content-encoding']).toBe('br');
      expect(packed.headers['content-type']).toMatch(/^application\/javascript/);
      expect(brotliDecompressSync(packed.rawPayload).toString()).toBe('console.log("cbm");');
    });

    it('answers a missing file with 404, not the application page', async () => {
      const response = await page(t, '/assets/old-build.js', cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'request.notFound' });
    });

    it('keeps answering unknown API paths and non-GET page requests with JSON 404', async () => {
      const api = await t.request({ url: '/api/v2/nothing', cookie, headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'request.notFound' });
      const post = await t.request({ method: 'POST', url: '/overview', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ code: 'request.notFound' });
    });
  });

  describe('without a built web app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {}, { webDir: path.join(tmpdir(), 'cbm-no-web-build') });
    });
    afterAll(() => t.close());

    it('answers page requests with a JSON 404 instead of failing', async () => {
      const response = await page(t, '/overview');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'request.notFound' });
    });

    it('still serves the sign-in page', async () => {
      expect((await page(t, '/signin')).statusCode).toBe(200);
    });
  });
});
