import { expect, it, vi } from 'vitest';
import { processMetrics } from './process-metrics';

const STALL_MS = 400;

function stallEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

it('reports the event-loop delay of the last whole window: a stall shows, then leaves the figure', async () => {
  const metrics = processMetrics(250);
  try {
    // The monitor's timer must have fired once: it measures the delay between its own firings.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stallEventLoop(STALL_MS);
    const maxDelay = () => metrics.snapshot().eventLoopDelayMs.max;
    await vi.waitFor(() => expect(maxDelay()).toBeGreaterThanOrEqual(STALL_MS - 100), { timeout: 2000, interval: 10 });
    await vi.waitFor(() => expect(maxDelay()).toBeLessThan(STALL_MS - 100), { timeout: 3000, interval: 10 });
  } finally {
    metrics.stop();
  }
});
