import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessMetrics } from '@cbm/contracts/ingest-metrics';

const NS_PER_MS = 1e6;
/** How long the event-loop delay is gathered before it is reported and gathered afresh. */
export const LOOP_DELAY_WINDOW_MS = 60_000;

type LoopDelay = ProcessMetrics['eventLoopDelayMs'];

/**
 * Event-loop delay (sampled every 10 ms) and memory of this process, so that load tests and monitoring see a
 * replica falling behind before requests time out. The delay is that of the last whole window (the first minute:
 * since start): a histogram since start would hide today's trouble behind weeks of quiet, or keep one spike forever.
 */
export function processMetrics(windowMs = LOOP_DELAY_WINDOW_MS) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lastWindow: LoopDelay | undefined;
  const roll = setInterval(() => {
    lastWindow = loopDelayOf(delay);
    delay.reset();
  }, windowMs);
  roll.unref();
  return {
    snapshot(): ProcessMetrics {
      const memory = process.memoryUsage();
      return {
        uptimeSeconds: Math.round(process.uptime()),
        eventLoopDelayMs: lastWindow ?? loopDelayOf(delay),
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
      };
    },
    stop() {
      clearInterval(roll);
      delay.disable();
    },
  };
}

function loopDelayOf(delay: IntervalHistogram): LoopDelay {
  const ms = (ns: number) => (Number.isFinite(ns) ? Math.round((ns / NS_PER_MS) * 100) / 100 : 0);
  return { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
}
