import pg from 'pg';
import type { DatabaseUrl } from '../database-url';

/** A new connection found its session read-only where DATABASE_URL asks for target_session_attrs=read-write. */
export class ReadOnlySession extends Error {
  /** PostgreSQL's read_only_sql_transaction: the server takes no writes now (isDatabaseUnavailable). */
  readonly code = '25006';
}

/** Connections to the hosts of one DATABASE_URL, each new one to the first host that takes it (decision 125). */
export interface HostPools {
  connect(): Promise<pg.PoolClient>;
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  end(): Promise<void>;
}

type Connectable<C> = { connect(): Promise<C> };

/**
 * A connection from the first of `pools` that gives one, trying them in order from `start` round to the one
 * before it; the error of the first pool tried when none does.
 */
export async function connectInTurn<C>(pools: Connectable<C>[], start: number): Promise<{ client: C; index: number }> {
  let firstError: unknown;
  for (let step = 0; step < pools.length; step++) {
    const index = (start + step) % pools.length;
    try {
      return { client: await (pools[index] as Connectable<C>).connect(), index };
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError;
}

async function refuseReadOnly(client: pg.ClientBase): Promise<void> {
  const [row] = (await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only')).rows;
  if (row?.transaction_read_only !== 'off') {
    throw new ReadOnlySession('The database session is read-only (a standby, or a primary being replaced).');
  }
}

/**
 * One pg.Pool per host of `url`. As libpq does with several hosts, a new connection goes to the first host that
 * accepts it and, with target_session_attrs=read-write, only where `SHOW transaction_read_only` is off; the walk
 * starts at the host that last gave a connection, so a dead first host costs no connect timeout each time.
 */
export function openHostPools(url: DatabaseUrl, options: Omit<pg.PoolConfig, 'connectionString'>): HostPools {
  const pools = url.hosts.map((host) => {
    const pool = new pg.Pool({
      ...options,
      connectionString: url.forHost(host),
      onConnect: url.readWrite ? refuseReadOnly : undefined,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    return pool;
  });
  let current = 0;
  const connect = async () => {
    const { client, index } = await connectInTurn<pg.PoolClient>(pools, current);
    current = index;
    return client;
  };
  return {
    connect,
    async query(sql, params) {
      const client = await connect();
      // As pg.Pool's own query: a connection lost mid-statement fails the statement; unheard, its 'error' event
      // would end the process (connection-cut.api.test.ts: 13 unhandled "Connection terminated unexpectedly").
      const lost = () => undefined;
      client.on('error', lost);
      try {
        const result = await client.query(sql, params);
        client.release();
        return result;
      } catch (error) {
        // A client whose statement failed is closed, not given back.
        client.release(error as Error);
        throw error;
      } finally {
        client.off('error', lost);
      }
    },
    end: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
    },
  };
}
