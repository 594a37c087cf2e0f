import type { ChargerTelemetry, MdloadTelemetry, StatusPayload } from '@cbm/contracts/device-protocol';
import type { LiveMdload } from '@cbm/contracts/live-stream';
import type { Queryable } from '../../db/database';
import type { MessageOf } from '../device-protocol/device-message';
import type { BatchCounts } from './batch-counts';
import { acceptData, applyStatus, type ConnectionFields } from './battery-state';
import type { ConnectionChange } from './event-repository';
import { type PeripheralSample, peripheralRepository } from './peripheral-repository';
import { type ChargerState, deriveChargerStatus, deriveMdloadStatus, type MdloadState } from './peripheral-state';

type ChargerMessage = MessageOf<'charger'>;
type MdloadMessage = MessageOf<'mdload'>;

export interface LiveMdloadChange {
  operatingSiteId: number;
  mdload: LiveMdload;
}

/** In live-state order (decision 022: a clock ahead counts as at most a moment after arrival). */
const byTime = <M extends { liveAt: Date }>(messages: readonly M[]) =>
  [...messages].sort((a, b) => a.liveAt.getTime() - b.liveAt.getTime());

interface PeripheralStateOf<P> extends ConnectionFields {
  operatingSiteId: number;
  lastData: P | null;
}

type PeripheralMessage<P> = { ts: Date; liveAt: Date; serial: string } & (
  | { kind: 'telemetry'; payload: P }
  | { kind: 'status'; payload: StatusPayload }
  | { kind: Exclude<string, 'telemetry' | 'status'> }
);

/**
 * One pass over a charger's or charger-station unit's messages in time order: every telemetry is a
 * sample, the newest becomes the live state, status changes become connection changes.
 */
function applyPeripheralMessages<P, S extends PeripheralStateOf<P>>(
  deviceClass: 'charger' | 'mdload',
  messages: readonly PeripheralMessage<P>[],
  states: ReadonlyMap<string, S>,
  serialOf: (state: S) => string,
) {
  const changed = new Set<S>();
  const samples: PeripheralSample<P>[] = [];
  const connectionChanges: ConnectionChange[] = [];
  for (const message of byTime(messages)) {
    const state = states.get(message.serial);
    if (!state) continue;
    const serialNumber = serialOf(state);
    if (message.kind === 'telemetry' && 'payload' in message) {
      const telemetry = message.payload as P;
      samples.push({ serialNumber, operatingSiteId: state.operatingSiteId, ts: message.ts, telemetry });
      if (acceptData(state, message.liveAt)) {
        state.lastData = telemetry;
        changed.add(state);
      }
    } else if (message.kind === 'status' && 'payload' in message) {
      const status = message.payload as StatusPayload;
      if (!applyStatus(state, status, message.liveAt)) continue;
      changed.add(state);
      connectionChanges.push({ deviceClass, serialNumber, online: status.online, ts: message.ts });
    }
  }
  return { changed, samples, connectionChanges };
}

/** Chargers: every telemetry is a sample; the newest is the charger's live state. */
export async function storeChargerBatch(
  tx: Queryable,
  messages: readonly ChargerMessage[],
  states: ReadonlyMap<string, ChargerState>,
  counts: BatchCounts,
): Promise<ConnectionChange[]> {
  const { changed, samples, connectionChanges } = applyPeripheralMessages<ChargerTelemetry, ChargerState>(
    'charger',
    messages,
    states,
    (state) => state.serialNumber,
  );
  for (const state of changed) state.status = deriveChargerStatus(state);
  const repository = peripheralRepository(tx);
  const stored = await repository.insertChargerSamples(samples);
  counts.stored.chargerSample += stored;
  counts.duplicates.chargerSample += samples.length - stored;
  await repository.updateChargers([...changed]);
  return connectionChanges;
}

/** Charger-station units: samples, and the twin updated in place by mdLoadSerial. */
export async function storeMdloadBatch(
  tx: Queryable,
  messages: readonly MdloadMessage[],
  states: ReadonlyMap<string, MdloadState>,
  counts: BatchCounts,
): Promise<{ connectionChanges: ConnectionChange[]; live: LiveMdloadChange[] }> {
  const { changed, samples, connectionChanges } = applyPeripheralMessages<MdloadTelemetry, MdloadState>(
    'mdload',
    messages,
    states,
    (state) => state.mdloadSerial,
  );
  for (const state of changed) state.status = deriveMdloadStatus(state);
  const repository = peripheralRepository(tx);
  const stored = await repository.insertMdloadSamples(samples);
  counts.stored.mdloadSample += stored;
  counts.duplicates.mdloadSample += samples.length - stored;
  await repository.updateMdloadUnits([...changed]);
  if (changed.size === 0) return { connectionChanges, live: [] };
  const stations = await repository.liveMdloads([...changed].map((state) => state.id));
  const live = [...changed].map((state) => ({
    operatingSiteId: state.operatingSiteId,
    mdload: {
      mdLoadSerial: state.mdloadSerial,
      status: state.status,
      online: state.online,
      powerKw: state.lastData?.powerKw ?? null,
      totalEnergyKwh: state.lastData?.totalEnergyKwh ?? null,
      lastDataTimestamp: state.lastDataTimestamp?.toISOString() ?? null,
      stations: stations.get(state.id) ?? [],
    },
  }));
  return { connectionChanges, live };
}
