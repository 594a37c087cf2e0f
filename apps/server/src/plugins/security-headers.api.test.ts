import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

describeEachDatabase('caching of API answers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 180_000);
  afterAll(() => t.close());

  it('forbids storing signed-in answers and refusals alike', async () => {
    const cookie = await t.signIn('operator@cbm.demo');
    for (const url of ['/api/v2/user', '/api/v2/OperatingSites/info', '/api/v2/metrics']) {
      const response = await t.request({ url, cookie });
      expect(response.headers['cache-control'], `${url} ${response.statusCode}`).toBe('no-store');
    }
    expect((await t.request({ url: '/api/v2/user' })).headers['cache-control']).toBe('no-store');
  });

  it('leaves the published API document cacheable', async () => {
    expect((await t.request({ url: '/api/v2/docs/json' })).headers['cache-control']).toBeUndefined();
  });
});
