import type { BatteryTelemetry } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';
import type { AfterCommit } from './event-listener';

/** A battery telemetry sample as ingestion stores it: the device's message plus where it belongs. */
export interface BatterySample extends Omit<BatteryTelemetry, 'ts' | 'seq'> {
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
}

/**
 * Called by ingestion inside the transaction that stores a batch, with only the samples that were
 * new (redeliveries removed), sorted by serial number and time. Roll-ups and threshold alarms hang off this.
 * Like an event listener, it may answer a function to run once the transaction has committed.
 */
export type SampleListener = (tx: Queryable, samples: readonly BatterySample[]) => Promise<AfterCommit | undefined>;
