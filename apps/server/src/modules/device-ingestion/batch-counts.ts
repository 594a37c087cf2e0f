import { STORED_KINDS, type StoredKind } from '@cbm/contracts/ingest-metrics';

/** What one stored batch added, and what it found already stored, per kind: the ingest metrics count these. */
export interface BatchCounts {
  stored: Record<StoredKind, number>;
  duplicates: Record<StoredKind, number>;
  samplesSkipped: number;
}

const zeroCounts = () => Object.fromEntries(STORED_KINDS.map((kind) => [kind, 0])) as Record<StoredKind, number>;

export const emptyBatchCounts = (): BatchCounts => ({
  stored: zeroCounts(),
  duplicates: zeroCounts(),
  samplesSkipped: 0,
});
