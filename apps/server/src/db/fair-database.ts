import type { Database } from './database';
import { fairTurns, type TurnLimits } from './fair-turns';
import { currentRequester } from './statement-budget';

/** The server's own work (ingestion, jobs) as one requester among the others. */
const SERVER = 'server';

/**
 * The database with its statements and transactions taken in fair turns (decision 136): each API request's under
 * its requester; the server's own work under one of its own when `serverTakesTurns` (PGlite, where it shares the
 * one engine), else at once (PostgreSQL, where it has a pool of its own).
 */
export function withFairTurns(db: Database, limits: TurnLimits & { serverTakesTurns: boolean }): Database {
  const turns = fairTurns(limits);
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const requester = currentRequester();
    if (requester === undefined && !limits.serverTakesTurns) return work();
    return turns.run(requester ?? SERVER, work);
  };
  return {
    ...db,
    query: <Row>(sql: string, params?: unknown[]) => inTurn(() => db.query<Row>(sql, params)),
    execScript: (sql: string) => inTurn(() => db.execScript(sql)),
    transaction: (work) => inTurn(() => db.transaction(work)),
  };
}
