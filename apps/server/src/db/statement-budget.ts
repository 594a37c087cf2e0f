import { AsyncLocalStorage } from 'node:async_hooks';

const budget = new AsyncLocalStorage<number>();

/** Runs `work` (an API request's handler) with its PostgreSQL statements limited to `ms` each (decision 080). */
export const withStatementBudget = <T>(ms: number, work: () => T): T => budget.run(ms, work);

/** The statement budget of the API request running now, if any (jobs and ingestion have none). */
export const statementBudget = (): number | undefined => budget.getStore();

/** A statement of an API request ran out of its budget (PostgreSQL canceled it: 57014). */
export class StatementTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`statement canceled after ${seconds} s`);
  }
}

export const isStatementCanceled = (error: unknown) => (error as { code?: unknown } | null)?.code === '57014';
