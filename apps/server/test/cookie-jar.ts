interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Cookies kept as a browser keeps them for one host: by name and path, sent where the path
 * matches. As in a browser, ports do not separate them.
 */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const attribute = (key: string) =>
        attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const expired =
        maxAge !== undefined ? Number(maxAge) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now();
      if (expired) this.#cookies.delete(`${name};${path}`);
      else this.#cookies.set(`${name};${path}`, { name, value: pair.slice(separator + 1), path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies.values()]
      .filter(({ path }) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }
}
