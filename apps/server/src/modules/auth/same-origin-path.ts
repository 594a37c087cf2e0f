/**
 * Where to go after sign-in: `next` when the WHATWG URL parser, the one browsers use, resolves it to
 * `origin` itself; otherwise `/`. So `/\evil.com`, `/\t/evil.com`, `//evil.com`, `https://evil.com` and
 * `javascript:` all end at `/`. The answer is a path with one leading slash, never a scheme-relative
 * `//host` a browser would leave for.
 */
export function sameOriginPath(next: unknown, origin: string): string {
  if (typeof next !== 'string' || next === '') return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  return `/${`${url.pathname}${url.search}${url.hash}`.replace(/^\/+/, '')}`;
}
