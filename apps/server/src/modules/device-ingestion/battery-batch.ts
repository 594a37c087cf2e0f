import type { BatteryTelemetry } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';
import type { MessageOf } from '../device-protocol/device-message';
import type { BatchCounts } from './batch-counts';
import {
  type BatteryInfoUpdate,
  batteryIngestRepository,
  type StoredSample,
  sampleKey,
} from './battery-ingest-repository';
import {
  applyEvent,
  applyStatus,
  applyTelemetry,
  type BatteryState,
  deriveBatteryStatus,
  takeSample,
} from './battery-state';
import type { ConnectionChange } from './event-repository';

type BatteryMessage = MessageOf<'battery'>;

export interface BatteryBatchResult {
  /** Batteries whose live state changed, as now stored. */
  changed: BatteryState[];
  /** Samples stored, sorted by serial number and time: what the sample listeners get. */
  samples: StoredSample[];
  connectionChanges: ConnectionChange[];
}

/**
 * Folds one batch into the locked batteries' live state in time order, stores the samples it keeps
 * and writes the state back. `isNewEvent` tells events stored now from redeliveries.
 */
export async function storeBatteryBatch(
  tx: Queryable,
  messages: readonly BatteryMessage[],
  states: ReadonlyMap<string, BatteryState>,
  options: { resolutionMs: number; isNewEvent: (message: BatteryMessage) => boolean; counts: BatchCounts },
): Promise<BatteryBatchResult> {
  const changed = new Set<BatteryState>();
  const candidates: StoredSample[] = [];
  const connectionChanges: ConnectionChange[] = [];
  const infos = new Map<string, BatteryInfoUpdate>();
  let infoMessages = 0;
  // The live state follows liveAt (a clock ahead counts as at most a moment after arrival); samples, keyed
  // and deduplicated by the device's ts, keep it.
  const ordered = [...messages].sort((a, b) => a.liveAt.getTime() - b.liveAt.getTime());
  for (const message of ordered) {
    const state = states.get(message.serial);
    if (!state) continue;
    switch (message.kind) {
      case 'telemetry': {
        if (applyTelemetry(state, message.payload, message.liveAt)) changed.add(state);
        if (takeSample(state, message.ts, options.resolutionMs)) {
          changed.add(state);
          candidates.push(storedSample(state, message.payload, message.ts));
        } else {
          options.counts.samplesSkipped++;
        }
        break;
      }
      case 'status':
        if (applyStatus(state, message.payload, message.liveAt)) {
          changed.add(state);
          connectionChanges.push({
            deviceClass: 'battery',
            serialNumber: state.serialNumber,
            online: message.payload.online,
            ts: message.ts,
          });
        }
        break;
      case 'event':
        if (options.isNewEvent(message) && applyEvent(state, message.payload, message.liveAt)) changed.add(state);
        break;
      case 'info': {
        infoMessages++;
        const newest = infos.get(message.serial);
        if (!newest || newest.ts < message.ts)
          infos.set(message.serial, { serialNumber: message.serial, info: message.payload, ts: message.ts });
        break;
      }
    }
  }
  for (const state of changed) state.status = deriveBatteryStatus(state);

  const repository = batteryIngestRepository(tx);
  const inserted = await repository.insertSamples(candidates);
  const samples = (
    inserted ? candidates.filter((sample) => inserted.has(sampleKey(sample.serialNumber, sample.ts))) : candidates
  ).sort((a, b) =>
    a.serialNumber === b.serialNumber ? a.ts.getTime() - b.ts.getTime() : a.serialNumber < b.serialNumber ? -1 : 1,
  );
  options.counts.stored.batterySample += samples.length;
  options.counts.duplicates.batterySample += candidates.length - samples.length;
  await repository.updateLiveState([...changed]);
  const infosApplied = await repository.updateInfo([...infos.values()]);
  options.counts.stored.info += infosApplied;
  options.counts.duplicates.info += infoMessages - infosApplied;
  return { changed: [...changed], samples, connectionChanges };
}

/**
 * Every field named rather than spread from the payload: spread copies each got a hidden class of their own, and
 * every later read of a sample (writing the rows, the sample listeners) took ten times as long (decision 069).
 */
function storedSample(state: BatteryState, payload: BatteryTelemetry, ts: Date): StoredSample {
  return {
    serialNumber: state.serialNumber,
    operatingSiteId: state.operatingSiteId,
    ts,
    seq: payload.seq,
    state: payload.state,
    soc: payload.soc,
    soh: payload.soh,
    stackVoltage: payload.stackVoltage,
    current: payload.current,
    minCellVoltage: payload.minCellVoltage,
    maxCellVoltage: payload.maxCellVoltage,
    minCellTemperature: payload.minCellTemperature,
    maxCellTemperature: payload.maxCellTemperature,
    boardTemperature: payload.boardTemperature,
    chargerSerial: payload.chargerSerial,
    totalEnergyChargedKwh: payload.totalEnergyChargedKwh,
    totalEnergyDischargedKwh: payload.totalEnergyDischargedKwh,
    totalChargingHours: payload.totalChargingHours,
    totalDischargingHours: payload.totalDischargingHours,
    totalStandbyHours: payload.totalStandbyHours,
  };
}
