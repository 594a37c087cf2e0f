/**
 * Other spellings of a request URL that a lenient router, proxy or browser may take for the same path:
 * percent-encoded letters and slashes, doubled slashes, a trailing slash, other case, dot segments and
 * backslashes. The query string stays as it is. The authorisation matrix sends each without a session
 * or feature and expects a refusal, never data.
 */
export function pathVariants(url: string): string[] {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const rest = path.replace(/^\/api\//, '');
  const lastSlash = path.lastIndexOf('/');
  const variants = [
    `/%61pi/${rest}`,
    `/%2561pi/${rest}`,
    `/api/${rest.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `${path.slice(0, lastSlash)}%2F${path.slice(lastSlash + 1)}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${path}/`,
    `/API/${rest}`,
    path.toUpperCase(),
    `/api/v2/../${rest}`,
    `/x/../api/${rest}`,
    `/api/./${rest}`,
    `/api%2F..%2Fapi/${rest}`,
    `/api\\${rest}`,
    `/api%5C${rest}`,
  ];
  return variants.map((variant) => (query === undefined ? variant : `${variant}?${query}`));
}
