import pg from 'pg';
import type { Database, Queryable } from './database';

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
  if (options.schema) await createSchema(options.connectionString, options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // While the database is away, requests fail within seconds (503) instead of waiting for it.
    connectionTimeoutMillis: 5000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await target.query(sql, params);
      return result.rows as Row[];
    },
    async execScript(sql: string) {
      await target.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
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
        throw error;
      } finally {
        client.off('error', ignoreLostConnection);
        // A client whose rollback failed is not given back to the pool but closed.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

async function createSchema(connectionString: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
}
