import type { Session } from './session';

const PROBE_EVERY_MS = 100;
/** A probe unanswered for this long counts with this latency and as failed. */
const PROBE_TIMEOUT_MS = 30_000;

export interface ProbeFigures {
  p50: number;
  p99: number;
  answered: number;
  /** Not 200, or no answer within PROBE_TIMEOUT_MS. */
  failed: number;
}

/**
 * The cheap signed-in probe: `GET /api/v2/user` every 100 ms whether the last one has answered or not, each
 * latency kept under the phase it was sent in.
 */
export function startProbe(session: Session) {
  let phase: string | undefined;
  const latencies = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  const probe = async (tag: string) => {
    const began = performance.now();
    let ok = false;
    try {
      const response = await fetch(`${session.base}/api/v2/user`, {
        headers: { cookie: session.cookie },
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      ok = response.ok;
    } catch {
      // Counted below as failed.
    }
    latencies.get(tag)?.push(performance.now() - began);
    if (!ok) failures.set(tag, (failures.get(tag) ?? 0) + 1);
  };
  const timer = setInterval(() => {
    if (phase === undefined) return;
    const sent = probe(phase).finally(() => pending.delete(sent));
    pending.add(sent);
  }, PROBE_EVERY_MS);
  return {
    /** Probes sent from now on count for `tag` (undefined: none are sent). */
    enter(tag: string | undefined) {
      phase = tag;
      if (tag !== undefined) latencies.set(tag, []);
    },
    /** Once every probe sent so far has answered: the phase's figures. */
    async figures(tag: string): Promise<ProbeFigures> {
      await Promise.all(pending);
      const sorted = [...(latencies.get(tag) ?? [])].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
      return { p50: at(0.5), p99: at(0.99), answered: sorted.length, failed: failures.get(tag) ?? 0 };
    },
    stop: () => clearInterval(timer),
  };
}
