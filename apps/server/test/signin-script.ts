import vm from 'node:vm';
import type { TestApp } from './test-app';

const unescapeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

/**
 * Where a browser goes after signing in on /signin?next=…: the server's page and its own script
 * (signin.js, run in a small stand-in for the DOM) with a sign-in that succeeds, the address it
 * assigns resolved against `origin` as the browser would.
 */
export async function pageAfterSignin(t: TestApp, origin: string, next: string): Promise<string> {
  const search = `?next=${encodeURIComponent(next)}`;
  const page = await t.request({ url: `/signin${search}`, headers: { host: new URL(origin).host } });
  const script = (await t.request({ url: '/signin/signin.js' })).body;
  const formTag = /<form id="signin"[^>]*>/.exec(page.body)?.[0] ?? '';
  const dataset = Object.fromEntries(
    [...formTag.matchAll(/data-(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, unescapeHtml(value ?? '')]),
  );
  let submit: ((event: { preventDefault(): void }) => Promise<void>) | undefined;
  let assigned = '';
  const form = {
    dataset,
    username: { value: 'user@cbm.test' },
    password: { value: 'secret' },
    querySelector: () => ({ hidden: true, disabled: false }),
    addEventListener: (_type: string, listener: typeof submit) => {
      submit = listener;
    },
  };
  vm.runInNewContext(script, {
    document: {
      getElementById: (id: string) => (id === 'signin' ? form : { addEventListener() {} }),
      documentElement: { lang: 'en' },
    },
    location: { search, assign: (url: string) => (assigned = url) },
    fetch: async () => ({ ok: true, status: 204 }),
    URLSearchParams,
  });
  await submit?.({ preventDefault() {} });
  return new URL(assigned, origin).href;
}
