import type { AttackOutcome } from './attack';
import type { ProbeFigures } from './probe';

/** The issue's goals: the probe's p99 within 3× its quiet p99, the other devices' ingestion within 10 %. */
export const P99_GOAL = 3;
export const INGEST_GOAL = 0.9;

export interface NoisyRow {
  database: string;
  attack: string;
  quiet: ProbeFigures;
  attacked: ProbeFigures;
  /** The other devices' acknowledged messages a second, in the quiet window before and under the attack. */
  ingest: { quiet: number; attacked: number };
  outcome: AttackOutcome;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0));
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');

export const p99Ratio = (row: NoisyRow) => row.attacked.p99 / row.quiet.p99;
export const ingestRatio = (row: NoisyRow) => row.ingest.attacked / row.ingest.quiet;

export function printNoisyTable(rows: readonly NoisyRow[]) {
  console.log(
    `${'database'.padEnd(9)}${'attack'.padEnd(22)}${'quiet p50/p99 ms'.padStart(17)}${'attacked p50/p99 ms'.padStart(21)}` +
      `${'p50 ×'.padStart(8)}${`p99 × (≤ ${P99_GOAL})`.padStart(14)}${`ingest × (≥ ${INGEST_GOAL})`.padStart(19)}  probes failed`,
  );
  for (const row of rows) {
    const p99 = p99Ratio(row);
    const ingest = ingestRatio(row);
    console.log(
      `${row.database.padEnd(9)}${row.attack.padEnd(22)}${`${ms(row.quiet.p50)} / ${ms(row.quiet.p99)}`.padStart(17)}` +
        `${`${ms(row.attacked.p50)} / ${ms(row.attacked.p99)}`.padStart(21)}${ratio(row.attacked.p50 / row.quiet.p50).padStart(8)}` +
        `${`${ratio(p99)} ${p99 <= P99_GOAL ? 'met' : 'MISSED'}`.padStart(14)}` +
        `${`${ratio(ingest)} ${ingest >= INGEST_GOAL ? 'met' : 'MISSED'}`.padStart(19)}  ${row.quiet.failed} / ${row.attacked.failed}`,
    );
    console.log(
      `${''.padEnd(9)}  ${row.outcome.summary}; ingest ${row.ingest.quiet.toFixed(0)} → ${row.ingest.attacked.toFixed(0)} msgs/s`,
    );
  }
}

/** What makes the bench fail in every mode: a broken guarantee, or a phase whose probes got no answer at all. */
export function problems(rows: readonly NoisyRow[]): string[] {
  return rows.flatMap((row) => [
    ...(row.outcome.broken ? [`${row.database}, ${row.attack}: ${row.outcome.broken}`] : []),
    ...(row.quiet.answered === 0 || row.attacked.answered === 0
      ? [`${row.database}, ${row.attack}: no probe answered`]
      : []),
  ]);
}
