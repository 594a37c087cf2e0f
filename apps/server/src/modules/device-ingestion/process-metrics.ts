import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessMetrics } from '@cbm/contracts/ingest-metrics';

const NS_PER_MS = 1e6;

/**
 * Event-loop delay (sampled every 10 ms since the server started) and memory of this process,
 * so that load tests and monitoring see a replica falling behind before requests time out.
 */
export function processMetrics() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return {
    snapshot(): ProcessMetrics {
      const memory = process.memoryUsage();
      const ms = (ns: number) => (Number.isFinite(ns) ? Math.round((ns / NS_PER_MS) * 100) / 100 : 0);
      return {
        uptimeSeconds: Math.round(process.uptime()),
        eventLoopDelayMs: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
      };
    },
    stop: () => delay.disable(),
  };
}

/** The Prometheus lines of a process snapshot. */
export function processPrometheusText(snapshot: ProcessMetrics): string {
  const { eventLoopDelayMs: delay } = snapshot;
  return [
    '# HELP cbm_process_event_loop_delay_ms Event-loop delay since start, by quantile.',
    '# TYPE cbm_process_event_loop_delay_ms gauge',
    `cbm_process_event_loop_delay_ms{quantile="0.5"} ${delay.p50}`,
    `cbm_process_event_loop_delay_ms{quantile="0.99"} ${delay.p99}`,
    `cbm_process_event_loop_delay_ms{quantile="1"} ${delay.max}`,
    '# HELP cbm_process_resident_memory_bytes Resident set size.',
    '# TYPE cbm_process_resident_memory_bytes gauge',
    `cbm_process_resident_memory_bytes ${snapshot.rssBytes}`,
    '# HELP cbm_process_heap_used_bytes V8 heap in use.',
    '# TYPE cbm_process_heap_used_bytes gauge',
    `cbm_process_heap_used_bytes ${snapshot.heapUsedBytes}`,
    '',
  ].join('\n');
}
