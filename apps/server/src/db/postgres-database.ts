import pg from 'pg';
import { parseDatabaseUrl } from '../database-url';
import type { Database, Queryable } from './database';
import { type HostPools, openHostPools } from './host-pools';
import { isStatementCanceled, StatementTimeout, statementBudget } from './statement-budget';

// int8 (bigint) and numeric come back as strings by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface PostgresOptions {
  connectionString: string;
  /** Schema to work in (tests use one per file); created when missing. */
  schema?: string;
  max?: number;
}

export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const url = parseDatabaseUrl(options.connectionString);
  if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
    throw new Error(`Unsafe schema name: ${options.schema}`);
  const openPool = (statementTimeoutMs?: number) => {
    const settings = [
      options.schema ? `-c search_path=${options.schema}` : '',
      statementTimeoutMs ? `-c statement_timeout=${statementTimeoutMs}` : '',
    ].filter(Boolean);
    return openHostPools(url, {
      max: options.max ?? 10,
      // While the database is away, requests fail within seconds (503) instead of waiting for it.
      connectionTimeoutMillis: 5000,
      options: settings.length ? settings.join(' ') : undefined,
    });
  };
  const backgroundPool = openPool();
  if (options.schema) await backgroundPool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
  // API requests get connections of their own whose statements PostgreSQL cancels after the budget (decision 080).
  const requestPools = new Map<number, HostPools>();
  const currentPool = () => {
    const budget = statementBudget();
    if (!budget) return backgroundPool;
    const requestPool = requestPools.get(budget) ?? openPool(budget);
    requestPools.set(budget, requestPool);
    return requestPool;
  };
  const timedOut = (error: unknown) => {
    const budget = statementBudget();
    return budget && isStatementCanceled(error) ? new StatementTimeout(budget / 1000) : error;
  };
  const wrap = (target: HostPools | pg.PoolClient | (() => HostPools)): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const client = typeof target === 'function' ? target() : target;
      try {
        const result = await client.query(sql, params);
        return result.rows as Row[];
      } catch (error) {
        throw timedOut(error);
      }
    },
    async execScript(sql: string) {
      await (typeof target === 'function' ? target() : target).query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(currentPool),
    async transaction(work) {
      const client = await currentPool().connect();
      // A connection lost between two statements is reported here, not thrown: the next statement fails.
      const ignoreLostConnection = () => undefined;
      client.on('error', ignoreLostConnection);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw timedOut(error);
      } finally {
        client.off('error', ignoreLostConnection);
        // A client whose rollback failed is not given back to the pool but closed.
        client.release(broken);
      }
    },
    close: async () => {
      await Promise.all([backgroundPool, ...requestPools.values()].map((pool) => pool.end()));
    },
  };
}
