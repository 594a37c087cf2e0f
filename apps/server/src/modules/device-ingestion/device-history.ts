import type { Database, Queryable } from '../../db/database';
import { batteryIngestRepository, type StoredSample } from './battery-ingest-repository';
import type { EventRecord } from './event-listener';
import { eventRepository } from './event-repository';
import { monthOf, partitionRepository } from './partition-repository';

/*
 * Device history written directly, without messages: the demo's history, and the test and benchmark data of
 * the modules that read samples and events. Ingestion itself stores through the device store.
 */

/** Creates the monthly partitions these times fall in where missing; call it outside the inserting transaction. */
export async function preparePartitions(db: Database, times: Iterable<Date>): Promise<void> {
  const months = new Set<string>();
  for (const time of times) months.add(monthOf(time));
  await partitionRepository(db).ensureMonths([...months]);
}

/** Inserts battery samples; one already stored (same serial and time) is skipped. */
export async function insertBatterySamples(tx: Queryable, samples: readonly StoredSample[]): Promise<void> {
  await batteryIngestRepository(tx).insertSamples(samples);
}

/** Inserts device events; one already stored (same device, seq and time) is skipped. */
export async function insertDeviceEvents(tx: Queryable, events: readonly EventRecord[]): Promise<void> {
  await eventRepository(tx).insertEvents(events);
}
