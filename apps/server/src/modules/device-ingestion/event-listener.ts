import type { DeviceClass, DeviceEvent } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';

/** A device event as ingestion stores it: the device's event plus where it belongs. */
export interface EventRecord {
  deviceClass: DeviceClass;
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
  event: DeviceEvent;
}

/**
 * Called by ingestion inside the transaction that stores a batch, with only the events that were new
 * (a redelivered event is not passed again). It may answer a function to run once that transaction has
 * committed (e.g. to wake a job or push to browsers); it must not run before, the batch may still fail.
 */
export type EventListener = (tx: Queryable, events: readonly EventRecord[]) => Promise<AfterCommit | undefined>;
export type AfterCommit = () => void;
