import type { ProcessMetrics } from '@cbm/contracts/ingest-metrics';
import type { StoredCounts } from '../../apps/server/test/message-ledger';
import type { AcknowledgedCounts } from '../../apps/simulator/src/transport/acknowledged-ledger';
import type { LatencyLog } from './soak-operators';

export interface Sample {
  /** performance.now() */
  at: number;
  process: ProcessMetrics;
  queueDepth: number;
  ingest: { receivedTelemetry: number; samplesSkipped: number; failedBatches: number };
  sizes: { database: number; samples: number; events: number };
}

/** A server process's event-loop delay (ms) while the operators worked. */
export interface LoopDelay {
  label: string;
  p99: number;
  max: number;
}

export interface SoakFigures {
  /** Which processes serve: one server, or an ingesting server and an API replica. */
  shape: string;
  minutes: number;
  batteries: number;
  intervalSeconds: number;
  /** What the broker acknowledged to the simulator. */
  published: AcknowledgedCounts;
  simulated: { sent: number; acked: number };
  stored: StoredCounts;
  copyRowsPerSecond: number;
  logs: Map<string, LatencyLog>;
  skipped: string[];
  samples: Sample[];
  /** Seconds from the end of the load until everything published was stored. */
  drainSeconds: number;
  streams: { status: number; events: number; bytes: number; endedEarly: boolean }[];
  /** µs of CPU per telemetry the server received: its own, PostgreSQL's, and the storing-nothing transport's. */
  cpuPerMessage: {
    server: number;
    postgres: number;
    /** Ingestion alone, before the operators started. */
    ingestOnly: { server: number; postgres: number };
    transport: number;
  };
  loopDelays: LoopDelay[];
}

/** The issue's goals for the goal load (issue 27). */
const GOALS = { liveViewP99: 500, eventPageP99: 200, statisticsP99: 2000, eventLoopP99: 100, drainSeconds: 30 };

const BASELINE = 'baseline: bare Fastify GET /hello';
const MB = 1024 * 1024;

/** Least-squares slope of value over time, per hour. */
function perHour(samples: readonly Sample[], value: (sample: Sample) => number): number {
  if (samples.length < 2) return Number.NaN;
  const hours = samples.map((sample) => sample.at / 3_600_000);
  const values = samples.map(value);
  const meanX = hours.reduce((a, b) => a + b, 0) / hours.length;
  const meanY = values.reduce((a, b) => a + b, 0) / values.length;
  let num = 0;
  let den = 0;
  hours.forEach((x, index) => {
    num += (x - meanX) * ((values[index] as number) - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const row = (label: string, value: string, ratio = '') =>
  console.log(`  ${label.padEnd(44)} ${value.padStart(22)}   ${ratio}`);

/** Prints the soak's table; false when a message was lost or stored twice. */
export function printSoakReport(f: SoakFigures): boolean {
  const last = f.samples.at(-1) as Sample;
  // At a sample resolution the server cannot tell a redelivered telemetry it does not keep from a new one, so
  // each interval of each battery must hold its one sample; without a resolution every telemetry is a sample.
  const expectedSamples = f.published.sampleIntervals || f.published.telemetry;
  const missingSamples = expectedSamples - (f.stored.samples - f.stored.sampleDuplicates);
  const missingEvents = f.published.events - (f.stored.events - f.stored.eventDuplicates);
  const [lostSamples, lostEvents] = [Math.max(0, missingSamples), Math.max(0, missingEvents)];
  // Stored beyond what was acknowledged: only messages still unacknowledged when the simulator stopped may be.
  const beyond = Math.max(0, -missingSamples) + Math.max(0, -missingEvents);
  const unacknowledged = f.simulated.sent - f.simulated.acked;
  const twice = f.stored.sampleDuplicates + f.stored.eventDuplicates;
  const seconds = f.minutes * 60;
  const ingestRate = (f.stored.samples + f.stored.events) / seconds;
  const first = f.samples[0] as Sample;
  const during = f.samples.slice(1);

  console.log(
    `\nSoak result: ${f.batteries} batteries every ${f.intervalSeconds} s for ${fixed(f.minutes, 1)} min, ${f.shape}`,
  );
  console.log('\n  Messages');
  row('telemetry acknowledged by the broker', String(f.published.telemetry));
  if (f.published.sampleIntervals > 0) {
    row('battery × sample interval with telemetry', String(f.published.sampleIntervals), 'one sample each');
  }
  row(
    'samples stored (battery_sample)',
    String(f.stored.samples),
    `lost ${lostSamples}, twice ${f.stored.sampleDuplicates}, beyond acknowledged ${Math.max(0, -missingSamples)}`,
  );
  row('events acknowledged by the broker', String(f.published.events));
  row('events stored (device_event)', String(f.stored.events), `lost ${lostEvents}, twice ${f.stored.eventDuplicates}`);
  row(
    'simulator: sent / acknowledged (every message)',
    `${f.simulated.sent} / ${f.simulated.acked}`,
    `stored beyond acknowledged ${beyond} (at most the ${unacknowledged} unacknowledged at the stop)`,
  );
  row(
    'stored rows per second (samples + events)',
    fixed(ingestRate),
    `${fixed(ingestRate / f.copyRowsPerSecond, 3)} of raw COPY (${fixed(f.copyRowsPerSecond)} rows/s)`,
  );
  row(
    'server: telemetry received / not kept as sample',
    `${last.ingest.receivedTelemetry} / ${last.ingest.samplesSkipped}`,
    `failed batches ${last.ingest.failedBatches}`,
  );
  row('ingest queue depth, max of samples', String(Math.max(...f.samples.map((s) => s.queueDepth))));
  const depths = f.samples.map((s) => `${fixed((s.at - first.at) / 1000)} s: ${s.queueDepth}`);
  console.log(`  ingest queue depth over time: ${depths.join(', ')}`);
  row('stored everything this long after the load', `${fixed(f.drainSeconds, 0)} s`);
  const cpu = f.cpuPerMessage;
  row(
    'CPU per received telemetry (µs), ingest alone: server',
    fixed(cpu.ingestOnly.server),
    `PostgreSQL ${fixed(cpu.ingestOnly.postgres)}; storing nothing (transport): ${fixed(cpu.transport)}`,
  );
  row(
    '… with the operators working: server',
    fixed(cpu.server),
    `PostgreSQL ${fixed(cpu.postgres)} (the API's work counted per message too)`,
  );
  const streamed = f.streams.reduce((sum, stream) => sum + stream.events, 0);
  row(
    'live streams open / events / MB',
    `${f.streams.filter((stream) => stream.status === 200).length} / ${streamed} / ${fixed(f.streams.reduce((sum, stream) => sum + stream.bytes, 0) / MB, 1)}`,
    `${f.streams.filter((stream) => stream.endedEarly).length} ended by the server`,
  );

  console.log(
    '\n  API under load (ms; p50 and p99 also as a ratio to the hello-world baseline through the same client)',
  );
  const baseline = f.logs.get(BASELINE);
  const b50 = baseline?.percentile(0.5) ?? Number.NaN;
  const b99 = baseline?.percentile(0.99) ?? Number.NaN;
  for (const [name, log] of [...f.logs].sort(([a], [b]) => (a === BASELINE ? -1 : b === BASELINE ? 1 : 0))) {
    const p50 = log.percentile(0.5);
    const p99 = log.percentile(0.99);
    row(
      name,
      `p50 ${fixed(p50, 1)}  p95 ${fixed(log.percentile(0.95), 1)}  p99 ${fixed(p99, 1)}`,
      `${fixed(p50 / b50, 1)}× / ${fixed(p99 / b99, 1)}×  n=${log.ms.length}${log.errors ? `  errors ${log.errors} (${log.lastError})` : ''}`,
    );
  }
  for (const name of f.skipped) row(name, 'skipped', 'route not registered in this build');

  console.log('\n  Server process and database');
  const delay = last.process.eventLoopDelayMs;
  const idle = first.process.eventLoopDelayMs;
  row(
    'event-loop delay p99 / max (ms, last minute)',
    `${fixed(delay.p99, 1)} / ${fixed(delay.max, 0)}`,
    `${fixed(delay.p99 / idle.p99, 2)}× the p99 before load (${fixed(idle.p99, 1)}); the ingesting server`,
  );
  for (const loop of f.loopDelays) {
    row(`… while the operators worked: ${loop.label}`, `${fixed(loop.p99, 1)} / ${fixed(loop.max, 0)}`);
  }
  const rssGrowth = perHour(during, (s) => s.process.rssBytes);
  row('RSS start → end (MB)', `${fixed(first.process.rssBytes / MB)} → ${fixed(last.process.rssBytes / MB)}`);
  row(
    'RSS growth per hour (MB/h, fitted)',
    fixed(rssGrowth / MB, 1),
    `${fixed((rssGrowth / first.process.rssBytes) * 100, 1)} % of start RSS per hour`,
  );
  const tableGrowth = perHour(f.samples, (s) => s.sizes.samples + s.sizes.events);
  const dbGrowth = perHour(f.samples, (s) => s.sizes.database);
  const rows = f.stored.samples + f.stored.events;
  row(
    'sample + event tables (MB)',
    fixed((last.sizes.samples + last.sizes.events) / MB, 1),
    `${fixed((last.sizes.samples + last.sizes.events) / Math.max(rows, 1))} bytes per stored row incl. indexes`,
  );
  row(
    'table growth per hour (MB/h)',
    fixed(tableGrowth / MB, 1),
    `${fixed((tableGrowth * 24) / 1024 ** 3, 2)} GB per day at this load`,
  );
  row(
    'database size growth per hour (MB/h)',
    fixed(dbGrowth / MB, 1),
    `database ${fixed(last.sizes.database / MB)} MB (shared with other schemas)`,
  );

  printGoals(f, Math.max(...f.loopDelays.map((loop) => loop.p99)));
  const ok = lostSamples === 0 && lostEvents === 0 && twice === 0 && beyond <= unacknowledged;
  console.log(
    `\n  ${ok ? 'PASS: every published message stored exactly once' : 'FAIL: messages lost or stored twice'}`,
  );
  return ok;
}

function printGoals(f: SoakFigures, eventLoopP99: number) {
  const p99 = (prefix: string) =>
    Math.max(...[...f.logs].filter(([name]) => name.startsWith(prefix)).map(([, log]) => log.percentile(0.99)));
  const goals: [string, number, number][] = [
    ['live view, first 200 batteries: p99 (ms)', p99('GET live view (first 200)'), GOALS.liveViewP99],
    ['event pages: p99 (ms)', p99('POST events'), GOALS.eventPageP99],
    ['statistics: p99 (ms)', p99('GET statistics'), GOALS.statisticsP99],
    ['event-loop delay p99, operators working (ms)', eventLoopP99, GOALS.eventLoopP99],
    ['ingest kept up: stored all within (s)', f.drainSeconds, GOALS.drainSeconds],
  ];
  console.log('\n  Goals');
  for (const [label, value, limit] of goals) {
    row(label, fixed(value, 1), `${value < limit ? 'met' : 'MISSED'} (goal < ${limit})`);
  }
}
