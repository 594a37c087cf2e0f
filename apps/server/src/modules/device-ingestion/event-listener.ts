import type { Queryable } from '../../db/database';
import type { EventRecord } from './event-repository';

/**
 * Called by ingestion inside the transaction that stores a batch, with only the events that were new
 * (a redelivered event is not passed again). It may answer a function to run once that transaction has
 * committed (e.g. to wake a job or push to browsers); it must not run before, the batch may still fail.
 */
export type EventListener = (tx: Queryable, events: readonly EventRecord[]) => Promise<AfterCommit | undefined>;
export type AfterCommit = () => void;
