import { AsyncLocalStorage } from 'node:async_hooks';

export interface TurnLimits {
  /** Tasks running at once in all (PGlite: 1, it runs one statement at a time). */
  slots: number;
  /** Tasks of one requester running at once. */
  perRequester: number;
}

/**
 * Turns at a shared database (decision 136): at most `slots` tasks at once and `perRequester` of one requester,
 * requesters served in turn rather than in arrival order, so one requester's queue of heavy statements makes
 * another's statement wait for at most one of them, not for all. A task started from inside a turn (a statement
 * of a request that already holds one, e.g. inside its transaction) runs at once: waiting for its own turn would
 * never end.
 */
export function fairTurns({ slots, perRequester }: TurnLimits) {
  const waiting = new Map<string, (() => void)[]>();
  const running = new Map<string, number>();
  /** When each requester with work running or waiting last got a turn (a counter): the longest ago goes next. */
  const lastTurn = new Map<string, number>();
  const inTurn = new AsyncLocalStorage<true>();
  let total = 0;
  let turns = 0;

  const nextRequester = () => {
    let next: string | undefined;
    let longestAgo = Number.POSITIVE_INFINITY;
    for (const requester of waiting.keys()) {
      const last = lastTurn.get(requester) ?? -1;
      if ((running.get(requester) ?? 0) < perRequester && last < longestAgo) {
        next = requester;
        longestAgo = last;
      }
    }
    return next;
  };
  const dispatch = () => {
    for (let requester = nextRequester(); requester !== undefined && total < slots; requester = nextRequester()) {
      const queue = waiting.get(requester) as (() => void)[];
      const start = queue.shift() as () => void;
      if (queue.length === 0) waiting.delete(requester);
      total++;
      running.set(requester, (running.get(requester) ?? 0) + 1);
      lastTurn.set(requester, ++turns);
      start();
    }
  };
  const release = (requester: string) => {
    total--;
    const left = (running.get(requester) ?? 1) - 1;
    if (left > 0) running.set(requester, left);
    else {
      running.delete(requester);
      if (!waiting.has(requester)) lastTurn.delete(requester);
    }
    dispatch();
  };

  return {
    async run<T>(requester: string, task: () => Promise<T>): Promise<T> {
      if (inTurn.getStore()) return task();
      await new Promise<void>((resolve) => {
        waiting.set(requester, [...(waiting.get(requester) ?? []), resolve]);
        dispatch();
      });
      try {
        return await inTurn.run(true, task);
      } finally {
        release(requester);
      }
    },
    /** Requesters with a task waiting (for tests and metrics). */
    waitingRequesters: () => waiting.size,
  };
}
