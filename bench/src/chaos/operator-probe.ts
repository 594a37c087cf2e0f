import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { signIn } from './chaos-server';
import { until } from './until';

interface Answer {
  /** performance.now() when the answer (or its failure) came. */
  at: number;
  ok: boolean;
}

/**
 * An operator (the demo admin, signed in) reading the live view of `siteId` every `everyMs` through `origin()` (the
 * API replica's address, also after a restart): each answer's time and whether it was a 200 within 5 s.
 */
export async function startOperatorProbe(origin: () => string, siteId: number, everyMs = 250) {
  const cookie = await signIn(origin(), DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
  const answers: Answer[] = [];
  let running = true;
  const read = () =>
    fetch(`${origin()}/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}&limit=50&format=compact`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5000),
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return answer.status === 200;
      },
      () => false,
    );
  const polling = (async () => {
    while (running) {
      answers.push({ ok: await read(), at: performance.now() });
      await delay(everyMs);
    }
  })();
  return {
    /**
     * Seconds from `since` until the live view answered again after its last failure since then (0: it never
     * failed), once it answers now; null when it does not within `seconds`.
     */
    async answeredAgain(since: number, seconds = 60): Promise<number | null> {
      if (!(await until(() => answers.at(-1)?.ok === true && (answers.at(-1)?.at ?? 0) > since, seconds))) return null;
      const after = answers.filter((answer) => answer.at > since);
      const lastFailure = after.findLastIndex((answer) => !answer.ok);
      if (lastFailure === -1) return 0;
      return ((after[lastFailure + 1] as Answer).at - since) / 1000;
    },
    async stop() {
      running = false;
      await polling;
    },
  };
}
