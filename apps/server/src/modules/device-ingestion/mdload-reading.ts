import type { Queryable } from '../../db/database';
import type { AfterCommit } from './event-listener';

/** A charger-station unit's power as a batch left it: the unit sent telemetry in that batch. */
export interface MdloadReading {
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
  powerKw: number;
}

/**
 * Called by ingestion inside the storing transaction with the units that sent telemetry in the batch (their
 * newest reading); like an event listener, it may answer a function to run once the transaction has committed.
 */
export type MdloadListener = (tx: Queryable, readings: readonly MdloadReading[]) => Promise<AfterCommit | undefined>;
