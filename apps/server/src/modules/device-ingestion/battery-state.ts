import type { BatteryLiveStatus, BatteryTelemetry, DeviceEvent, StatusPayload } from '@cbm/contracts/device-protocol';

/** The figures of the newest telemetry kept in columns of the battery row (null where unknown). */
export interface Measurements {
  soc: number | null;
  soh: number | null;
  stackVoltage: number | null;
  current: number | null;
  minCellTemperature: number | null;
  maxCellTemperature: number | null;
  minCellVoltage: number | null;
  maxCellVoltage: number | null;
}

/** A battery's live state as ingestion keeps it on the battery row. */
export interface BatteryState extends ConnectionFields {
  serialNumber: string;
  operatingSiteId: number;
  /** State and charger of the newest telemetry; null before the first. */
  telemetryState: BatteryTelemetry['state'] | null;
  chargerSerial: string | null;
  measurements: Measurements;
  /** Telemetry that became the newest while folding this batch (written as last_data). */
  newTelemetry: BatteryTelemetry | null;
  lastSampleAt: Date | null;
  /** Codes of the error events that are active, the latest last. */
  activeErrorCodes: string[];
  lastErrorAt: Date | null;
  status: BatteryLiveStatus;
}

const after = (a: Date, b: Date | null) => b === null || a.getTime() > b.getTime();

/** The status shown for a battery (docs/protocol.md, "Battery status"). */
export function deriveBatteryStatus(state: Omit<BatteryState, 'status'>): BatteryLiveStatus {
  const { online, telemetryState } = state;
  if (online === false) return 'offline';
  if (online === null && telemetryState === null) return 'not connected';
  if (state.activeErrorCodes.length > 0 || telemetryState === 'error') return 'error';
  if (telemetryState === null || awaitingData(state)) return 'online';
  if ((telemetryState === 'standby' || telemetryState === 'idle') && state.chargerSerial) return 'connected';
  return telemetryState;
}

/** What every device class keeps about its connection and latest data. */
export interface ConnectionFields {
  online: boolean | null;
  connectionChangedAt: Date | null;
  lastDataTimestamp: Date | null;
}

/** Whether data at `ts` is newer than the latest; if so it is, and it shows the device is online. */
export function acceptData(state: ConnectionFields, ts: Date): boolean {
  if (!after(ts, state.lastDataTimestamp)) return false;
  state.lastDataTimestamp = ts;
  if (state.online !== true && after(ts, state.connectionChangedAt)) {
    state.online = true;
    state.connectionChangedAt = ts;
  }
  return true;
}

/** Whether no data arrived since the device (re)connected. */
export const awaitingData = (state: ConnectionFields) =>
  state.lastDataTimestamp === null ||
  after(state.connectionChangedAt ?? state.lastDataTimestamp, state.lastDataTimestamp);

/** Newer telemetry becomes the latest state. */
export function applyTelemetry(state: BatteryState, telemetry: BatteryTelemetry, ts: Date): boolean {
  if (!acceptData(state, ts)) return false;
  state.newTelemetry = telemetry;
  state.telemetryState = telemetry.state;
  state.chargerSerial = telemetry.chargerSerial ?? null;
  state.measurements = {
    soc: telemetry.soc,
    soh: telemetry.soh,
    stackVoltage: telemetry.stackVoltage,
    current: telemetry.current,
    minCellTemperature: telemetry.minCellTemperature,
    maxCellTemperature: telemetry.maxCellTemperature,
    minCellVoltage: telemetry.minCellVoltage,
    maxCellVoltage: telemetry.maxCellVoltage,
  };
  return true;
}

/** A connection change; a repeat or an older status changes nothing. */
export function applyStatus(state: ConnectionFields, status: StatusPayload, ts: Date): boolean {
  if (state.online === status.online || (state.connectionChangedAt && ts < state.connectionChangedAt)) return false;
  state.online = status.online;
  state.connectionChangedAt = ts;
  return true;
}

/** Error events set and clear the current error; call it once per stored (new) event. */
export function applyEvent(state: BatteryState, event: DeviceEvent, ts: Date): boolean {
  if (event.type !== 'error') return false;
  const others = state.activeErrorCodes.filter((code) => code !== event.code);
  if (event.active) {
    state.activeErrorCodes = [...others, event.code];
    if (after(ts, state.lastErrorAt)) state.lastErrorAt = ts;
    return true;
  }
  if (others.length === state.activeErrorCodes.length) return false;
  state.activeErrorCodes = others;
  return true;
}

/**
 * Whether telemetry at `ts` is kept as a sample: only in a later resolution bucket (aligned to the
 * epoch) than the last stored sample, so a redelivery or an older message is never stored twice.
 */
export function takeSample(state: BatteryState, ts: Date, resolutionMs: number): boolean {
  const last = state.lastSampleAt;
  const newer =
    last === null ||
    (resolutionMs > 0
      ? Math.floor(ts.getTime() / resolutionMs) > Math.floor(last.getTime() / resolutionMs)
      : ts.getTime() > last.getTime());
  if (newer) state.lastSampleAt = ts;
  return newer;
}
