/**
 * The path a request names, read the way a lenient router, proxy or browser might: percent-encoding
 * decoded (repeatedly), backslashes taken as slashes, repeated slashes as one, dot segments resolved,
 * lower case. Only for classifying a request that no route matched; whether a request may pass is
 * decided by the matched route's own config (session-plugin.ts), never by the URL text.
 */
export function canonicalPath(url: string): string {
  let path = url.split(/[?#]/)[0] ?? '';
  for (let round = 0; round < 3; round++) {
    const decoded = safeDecode(path);
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replace(/[\t\n\r]/g, '').split(/[\\/]+/)) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether a URL, however spelt, points into the API. */
export function isApiPath(url: string): boolean {
  const path = canonicalPath(url);
  return path === '/api' || path.startsWith('/api/');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
