/** One server named in DATABASE_URL. */
export interface DatabaseHost {
  host: string;
  port: number;
}

/**
 * A libpq connection URL, possibly naming several hosts (`postgres://u@h1:p1,h2:p2/db?target_session_attrs=…`,
 * what `pg_autoctl show uri` prints), which node-postgres cannot read itself (decision 125).
 */
export interface DatabaseUrl {
  hosts: DatabaseHost[];
  /** target_session_attrs=read-write: a connection is kept only where its session may write. */
  readWrite: boolean;
  database: string;
  /** The same URL for one of its hosts and without target_session_attrs: what node-postgres understands. */
  forHost(host: DatabaseHost): string;
}

export class DatabaseUrlError extends Error {}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^@/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;
const SESSION_ATTRS = new Map([
  ['any', false],
  ['read-write', true],
]);

function parseHost(entry: string, index: number, count: number): DatabaseHost {
  const [, bracketed, plain, port = '5432'] = /^(?:\[([^\]]*)\]|([^:[\]]*))(?::(\d*))?$/.exec(entry) ?? [];
  const host = bracketed ?? plain;
  if (!host) throw new DatabaseUrlError(`host ${index + 1} of ${count} is empty`);
  const number = Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) {
    throw new DatabaseUrlError(`port ${port} of ${host} is not a port`);
  }
  return { host, port: number };
}

export function parseDatabaseUrl(text: string): DatabaseUrl {
  const [, scheme, userinfo = '', hostList = '', path = '', query = ''] = URL_PARTS.exec(text.trim()) ?? [];
  if (!scheme) throw new DatabaseUrlError('must start with postgres:// or postgresql://');
  const entries = hostList.split(',');
  const hosts = entries.map((entry, index) => parseHost(entry, index, entries.length));
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  const readWrite = SESSION_ATTRS.get(attrs);
  if (readWrite === undefined) {
    throw new DatabaseUrlError(`target_session_attrs=${attrs}: CBM writes, use read-write or any`);
  }
  params.delete('target_session_attrs');
  const rest = `${path}${params.size ? `?${params}` : ''}`;
  return {
    hosts,
    readWrite,
    database: decodeURIComponent(path.slice(1)),
    forHost: ({ host, port }) => `${scheme}${userinfo}${host.includes(':') ? `[${host}]` : host}:${port}${rest}`,
  };
}
