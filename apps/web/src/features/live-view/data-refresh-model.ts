/**
 * Where 'Update data' stands for one battery, shown on its card: asking the battery, waiting for its data (the
 * seconds left of the 60 s), then the result for a little while.
 */
export type RefreshProgress =
  | { phase: 'asking' }
  | { phase: 'waiting'; secondsLeft: number }
  | { phase: 'updated' | 'upToDate' | 'timeout' | 'failed' };
export type RefreshPhase = RefreshProgress['phase'];

/** How long the card shows the result. */
export const REFRESH_RESULT_SHOWN_MS = 10_000;

export const isRefreshing = (progress: RefreshProgress | undefined) =>
  progress?.phase === 'asking' || progress?.phase === 'waiting';

/** Whole seconds until the deadline, rounded up: 60 right after asking, 0 once it has passed. */
export const secondsUntil = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** The card's text for the progress: its translation key and values. */
export function refreshText(progress: RefreshProgress): [key: string, values: Record<string, number>] {
  return [`liveView.refresh.${progress.phase}`, progress.phase === 'waiting' ? { seconds: progress.secondsLeft } : {}];
}

/** The colour of the result's text; none while it runs. */
export const REFRESH_RESULT_COLORS: Partial<Record<RefreshPhase, string>> = {
  updated: 'green.9',
  upToDate: 'gray.8',
  timeout: 'orange.9',
  failed: 'red.8',
};
