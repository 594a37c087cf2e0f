import { AsyncLocalStorage } from 'node:async_hooks';

/** What the database knows of the API request running now: its statement budget and who asks. */
interface RequestScope {
  budgetMs: number;
  /** The session, or the address of a request without one: whose turn a statement is (decision 136). */
  requester: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (an API request's handler) with its PostgreSQL statements limited to `budgetMs` each (decision 080). */
export const withRequestScope = <T>(request: RequestScope, work: () => T): T => scope.run(request, work);

/** The statement budget of the API request running now, if any (jobs and ingestion have none). */
export const statementBudget = (): number | undefined => scope.getStore()?.budgetMs;

/** Who the statement running now is for; undefined for the server's own work (jobs, ingestion). */
export const currentRequester = (): string | undefined => scope.getStore()?.requester;

/** A statement of an API request ran out of its budget (PostgreSQL canceled it: 57014). */
export class StatementTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`statement canceled after ${seconds} s`);
  }
}

export const isStatementCanceled = (error: unknown) => (error as { code?: unknown } | null)?.code === '57014';
