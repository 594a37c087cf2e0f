import type { BatteryTelemetry } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';

/** A battery telemetry sample as ingestion stores it: the device's message plus where it belongs. */
export interface BatterySample extends Omit<BatteryTelemetry, 'ts' | 'seq'> {
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
}

/**
 * Called by ingestion inside the transaction that stores a batch, with only the samples that were
 * new (redeliveries removed), sorted by serial number and time. Roll-ups hang off this.
 */
export type SampleListener = (tx: Queryable, samples: readonly BatterySample[]) => Promise<void>;
