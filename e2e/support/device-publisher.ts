import { readFile } from 'node:fs/promises';
import path from 'node:path';
import mqtt from 'mqtt';
import { SERVER_ENV } from './server-env';

/** The e2e server's data folder (global setup starts it with DATA_DIR there). */
export function serverDataDir(): string {
  const tempDir = process.env[SERVER_ENV.tempDir];
  if (!tempDir) throw new Error(`${SERVER_ENV.tempDir} is not set: run the tests through playwright.config.ts`);
  return path.join(tempDir, 'data');
}

/** Where the e2e server's embedded broker listens, as its start-up log says ("Devices connect to …"). */
export async function brokerUrl(): Promise<string> {
  const log = await readFile(path.join(process.env[SERVER_ENV.tempDir] ?? '', 'server.log'), 'utf8');
  const url = /Devices connect to (mqtt:\/\/\S+)/.exec(log)?.[1];
  if (!url) throw new Error('The e2e server log names no device broker');
  return url;
}

/** Publishes one message on a battery's topic as the device would (protocol v1, QoS 1: resolves once stored). */
async function publishAsBattery(serial: string, channel: 'event' | 'telemetry' | 'status', payload: object) {
  const client = await mqtt.connectAsync(await brokerUrl(), {
    clientId: `gateway-e2e:${Math.random().toString(36).slice(2)}`,
    username: 'gateway-e2e',
    password: process.env[SERVER_ENV.gatewaySecret],
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(`cbm/v1/battery/${serial}/${channel}`, JSON.stringify(payload), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

/** A sequence number no simulated device reaches during a test run. */
const testSeq = () => 900_000_000 + Math.floor(Math.random() * 1_000_000);

/** Publishes one battery event as the device would: the condition starting, or clearing with `active: false`. */
export async function publishBatteryEvent(
  serial: string,
  event: { type: string; code: string; description: string; active?: boolean },
) {
  await publishAsBattery(serial, 'event', {
    seq: testSeq(),
    ts: new Date().toISOString(),
    active: true,
    attributes: { SOC: 42 },
    ...event,
  });
}

/**
 * A discharging battery's readings, for a battery whose last telemetry the portal does not hold (a seeded one that
 * has not reported since the demo started); its lifetime counters start at 0, which roll-ups take as a reset.
 */
const FIRST_TELEMETRY = {
  state: 'discharging',
  soh: 95,
  stackVoltage: 51.2,
  current: -120,
  minCellVoltage: 3.2,
  maxCellVoltage: 3.22,
  minCellTemperature: 21,
  maxCellTemperature: 27,
  totalEnergyChargedKwh: 0,
  totalEnergyDischargedKwh: 0,
  totalChargingHours: 0,
  totalDischargingHours: 0,
  totalStandbyHours: 0,
};

/**
 * Publishes a telemetry sample taken at `ts`: the battery's last one (`lastData`, so its lifetime counters stay
 * as they are), or the first readings when it has none, with the figures given changed.
 */
export async function publishBatteryTelemetry(
  serial: string,
  lastData: Record<string, unknown> | null,
  change: { ts: Date; soc: number },
) {
  await publishAsBattery(serial, 'telemetry', {
    ...(lastData ?? FIRST_TELEMETRY),
    seq: testSeq(),
    ts: change.ts.toISOString(),
    soc: change.soc,
  });
}

/** Publishes a battery's connection status as of `ts`, as the device (or its last will) would. */
export async function publishBatteryStatus(serial: string, online: boolean, ts: Date) {
  await publishAsBattery(serial, 'status', { online, ts: ts.toISOString() });
}
