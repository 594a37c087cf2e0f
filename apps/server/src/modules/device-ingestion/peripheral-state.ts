import type { ChargerTelemetry, MdloadTelemetry } from '@cbm/contracts/device-protocol';
import type { LiveMdload } from '@cbm/contracts/live-stream';
import { awaitingData, type ConnectionFields } from './battery-state';

export interface ChargerState extends ConnectionFields {
  serialNumber: string;
  operatingSiteId: number;
  lastData: ChargerTelemetry | null;
  status: string;
}

export interface MdloadState extends ConnectionFields {
  id: number;
  mdloadSerial: string;
  operatingSiteId: number;
  lastData: MdloadTelemetry | null;
  status: LiveMdload['status'];
}

function connectionStatus(state: ConnectionFields, hasData: boolean) {
  if (state.online === false) return 'offline';
  if (state.online === null && !hasData) return 'not connected';
  if (!hasData || awaitingData(state)) return 'online';
  return undefined;
}

/** A charger shows its connection, else the state it reports. */
export function deriveChargerStatus(state: Omit<ChargerState, 'status'>): string {
  return connectionStatus(state, state.lastData !== null) ?? state.lastData?.state ?? 'online';
}

/** A charger-station unit is in error or charging when any station is, else idle. */
export function deriveMdloadStatus(state: Omit<MdloadState, 'status'>): LiveMdload['status'] {
  const connection = connectionStatus(state, state.lastData !== null);
  if (connection) return connection;
  const stations = state.lastData?.stations ?? [];
  if (stations.some((station) => station.state === 'error')) return 'error';
  return stations.some((station) => station.state === 'charging') ? 'charging' : 'idle';
}
