import type { DeviceClass } from '@cbm/contracts/device-protocol';
import type { Database } from '../../db/database';
import type { ReplyRecord } from '../device-commands/command-records';
import { type CommandReplyListener, storeReplies } from '../device-commands/command-replies';
import { type DeviceMessage, messagesOf, type Rejection } from '../device-protocol/device-message';
import { type BatchCounts, emptyBatchCounts } from './batch-counts';
import { storeBatteryBatch } from './battery-batch';
import { batteryIngestRepository } from './battery-ingest-repository';
import type { SampleListener } from './battery-sample';
import type { BatteryState } from './battery-state';
import type { AfterCommit, EventListener, EventRecord } from './event-listener';
import { eventKey, eventRepository } from './event-repository';
import type { MdloadListener, MdloadReading } from './mdload-reading';
import { monthOf, nextMonth, partitionRepository } from './partition-repository';
import { type LiveMdloadChange, storeChargerBatch, storeMdloadBatch } from './peripheral-batch';
import { peripheralRepository } from './peripheral-repository';

export interface BatchOutcome {
  rejections: Map<DeviceMessage, Rejection>;
  counts: BatchCounts;
  batteries: BatteryState[];
  mdloads: LiveMdloadChange[];
  /** Devices that sent telemetry, as `class|serial`. */
  telemetryFrom: Set<string>;
  replies: ReplyRecord[];
  /** What the event listeners asked to run after the commit. */
  afterCommit: AfterCommit[];
}

export interface DeviceStoreOptions {
  resolutionMs: number;
  sampleListeners: readonly SampleListener[];
  replyListeners: readonly CommandReplyListener[];
  eventListeners?: readonly EventListener[];
  mdloadListeners?: readonly MdloadListener[];
}

const serialsOf = (messages: readonly DeviceMessage[], deviceClass: DeviceClass) => [
  ...new Set(messagesOf(messages, deviceClass).map((message) => message.serial)),
];

/** Stores a batch of parsed device messages in one transaction; see docs/protocol.md for the rules. */
export function deviceStore(db: Database, options: DeviceStoreOptions) {
  const partitions = partitionRepository(db);
  const knownMonths = new Set<string>();

  async function ensurePartitions(batch: readonly DeviceMessage[]) {
    const missing = new Set<string>();
    for (const message of batch) {
      if (message.kind !== 'telemetry' && message.kind !== 'event') continue;
      const month = monthOf(message.ts);
      if (!knownMonths.has(month)) missing.add(month).add(nextMonth(month));
    }
    if (missing.size === 0) return;
    await partitions.ensureMonths([...missing]);
    for (const month of missing) knownMonths.add(month);
  }

  async function store(batch: readonly DeviceMessage[]): Promise<BatchOutcome> {
    await ensurePartitions(batch);
    const counts = emptyBatchCounts();
    return db.transaction(async (tx) => {
      const rejections = new Map<DeviceMessage, Rejection>();
      const peripherals = peripheralRepository(tx);
      const batteries = await batteryIngestRepository(tx).lock(serialsOf(batch, 'battery'));
      const chargers = await peripherals.lockChargers(serialsOf(batch, 'charger'));
      const mdloads = await peripherals.lockMdloadUnits(serialsOf(batch, 'mdload'));
      const siteOf = (message: DeviceMessage) =>
        (message.deviceClass === 'battery' ? batteries : message.deviceClass === 'charger' ? chargers : mdloads).get(
          message.serial,
        )?.operatingSiteId;

      const known = batch.filter((message) => {
        if (siteOf(message) !== undefined) return true;
        rejections.set(message, { reason: 'unknown-device', serial: message.serial, detail: message.deviceClass });
        return false;
      });

      const events = eventRepository(tx);
      const eventRecords = known.flatMap((message): (EventRecord & { message: DeviceMessage })[] =>
        message.kind === 'event'
          ? [
              {
                ...message,
                serialNumber: message.serial,
                operatingSiteId: siteOf(message) as number,
                event: message.payload,
                message,
              },
            ]
          : [],
      );
      const newEvents = await events.insertEvents(eventRecords);
      counts.stored.event += newEvents.size;
      counts.duplicates.event += eventRecords.length - newEvents.size;

      const battery = await storeBatteryBatch(tx, messagesOf(known, 'battery'), batteries, {
        resolutionMs: options.resolutionMs,
        counts,
        isNewEvent: (message) =>
          message.kind === 'event' &&
          newEvents.has(eventKey('battery', message.serial, message.payload.seq, message.ts)),
      });
      const chargerChanges = await storeChargerBatch(tx, messagesOf(known, 'charger'), chargers, counts);
      const mdload = await storeMdloadBatch(tx, messagesOf(known, 'mdload'), mdloads, counts);
      const connectionChanges = [...battery.connectionChanges, ...chargerChanges, ...mdload.connectionChanges];
      await events.insertConnectionChanges(connectionChanges);
      counts.stored.status += connectionChanges.length;
      counts.duplicates.status +=
        known.filter((message) => message.kind === 'status').length - connectionChanges.length;

      const replies = await storeReplies(tx, known, rejections);
      const freshReplies = replies.fresh;
      counts.stored.commandReply += freshReplies.length;
      counts.duplicates.commandReply += replies.matched - freshReplies.length;
      for (const listener of options.replyListeners) await listener(tx, freshReplies);
      const afterCommit: AfterCommit[] = [];
      for (const listener of options.sampleListeners) {
        const after = await listener(tx, battery.samples);
        if (after) afterCommit.push(after);
      }
      const stored = new Map(
        eventRecords.map((record) => [
          eventKey(record.deviceClass, record.serialNumber, record.event.seq, record.ts),
          record,
        ]),
      );
      const fresh = [...stored].filter(([key]) => newEvents.has(key)).map(([, record]) => record);
      const readings = mdloadReadings(mdload.live, telemetrySerials(known, 'mdload'));
      for (const listener of readings.length > 0 ? (options.mdloadListeners ?? []) : []) {
        const after = await listener(tx, readings);
        if (after) afterCommit.push(after);
      }
      for (const listener of options.eventListeners ?? []) {
        const after = fresh.length > 0 ? await listener(tx, fresh) : undefined;
        if (after) afterCommit.push(after);
      }

      return {
        rejections,
        counts,
        batteries: battery.changed,
        mdloads: mdload.live,
        telemetryFrom: new Set(
          known
            .filter((message) => message.kind === 'telemetry')
            .map((message) => `${message.deviceClass}|${message.serial}`),
        ),
        replies: freshReplies,
        afterCommit,
      };
    });
  }

  return { store };
}
export type DeviceStore = ReturnType<typeof deviceStore>;

/** The newest power of each unit that sent telemetry in the batch. */
function mdloadReadings(live: readonly LiveMdloadChange[], sent: ReadonlySet<string>): MdloadReading[] {
  return live.flatMap(({ operatingSiteId, mdload }) =>
    sent.has(mdload.mdLoadSerial) && mdload.powerKw !== null && mdload.lastDataTimestamp !== null
      ? [
          {
            serialNumber: mdload.mdLoadSerial,
            operatingSiteId,
            ts: new Date(mdload.lastDataTimestamp),
            powerKw: mdload.powerKw,
          },
        ]
      : [],
  );
}

const telemetrySerials = (messages: readonly DeviceMessage[], deviceClass: DeviceClass) =>
  new Set(
    messagesOf(messages, deviceClass)
      .filter((message) => message.kind === 'telemetry')
      .map((message) => message.serial),
  );
