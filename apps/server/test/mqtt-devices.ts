import { randomBytes } from 'node:crypto';
import type { BatteryTelemetry, DeviceEvent } from '@cbm/contracts/device-protocol';
import { GATEWAY_CLASS, type RegistryClass } from '@cbm/contracts/device-registry';
import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { loadConfig } from '../src/config';
import type { Database, Queryable } from '../src/db/database';
import { DeviceLimits, deviceLimitSettings } from '../src/modules/device-broker/device-limits';
import { deviceBrokerUrl } from '../src/modules/device-channel/device-channel-plugin';
import { deviceRegistryService } from '../src/modules/device-registry/device-registry-service';

/** CI sets TEST_MQTT_URL (Mosquitto on 127.0.0.1:1883): suites then run against it too. */
export const TEST_MQTT_URL = process.env.TEST_MQTT_URL;
export type BrokerKind = 'embedded' | 'mosquitto';
export const BROKER_KINDS: BrokerKind[] = TEST_MQTT_URL ? ['embedded', 'mosquitto'] : ['embedded'];

export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** App settings that make it ingest from the given broker, each test app in its own share group. */
export function brokerEnv(broker: BrokerKind) {
  return broker === 'mosquitto'
    ? { MQTT_URL: TEST_MQTT_URL, MQTT_CLIENT_ID: uniqueId('cbm-test'), MQTT_SHARE_GROUP: uniqueId('g') }
    : {};
}

/** The server's default per-device limits, for a broker a test starts on its own. */
export const defaultDeviceLimits = () => new DeviceLimits(deviceLimitSettings(loadConfig({})));

export interface MqttCredentials {
  username: string;
  password: string;
  clientId: string;
}

const TEST_ACTOR = { userId: null, email: 'test' };

/**
 * Registers a device through the app's registry (or straight in a database a server process will open): the
 * credentials it connects with (client id = username).
 */
export async function registerTestDevice(
  target: FastifyInstance | Database,
  deviceClass: RegistryClass,
  serialNumber: string,
  operatingSiteId: number | null,
): Promise<MqttCredentials> {
  const registry = 'deviceRegistry' in target ? target.deviceRegistry : deviceRegistryService(target);
  const { registered } = await registry.register(TEST_ACTOR, [
    { deviceClass, serialNumber, deviceType: 'test', operatingSiteId },
  ]);
  const [entry] = registered;
  if (!entry) throw new Error(`${deviceClass} ${serialNumber} is registered already`);
  return { username: entry.username, password: entry.secret, clientId: entry.clientId };
}

/**
 * A connection that may publish for any device (a gateway: the embedded broker lets nothing else carry several
 * devices), registered for this test; the client id is the gateway's own.
 */
export async function testGateway(app: FastifyInstance | Database): Promise<MqttCredentials> {
  const gateway = await registerTestDevice(app, GATEWAY_CLASS, uniqueId('gw'), null);
  return { ...gateway, clientId: `${gateway.username}:${randomBytes(3).toString('hex')}` };
}

/**
 * A device's MQTT connection (MQTT 3.1.1, like the devices in the field). Given the app, it connects to the app's
 * broker as a gateway registered for the call, unless the options carry credentials; given a URL (a broker that
 * lets anyone in, like the shared test Mosquitto), it connects as it is.
 */
export async function connectDevice(
  target: FastifyInstance | string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  if (typeof target === 'string') {
    return mqtt.connectAsync(target, { clientId: uniqueId('device'), reconnectPeriod: 0, ...options });
  }
  const credentials = options.username ? {} : await testGateway(target);
  return mqtt.connectAsync(deviceBrokerUrl(target), { reconnectPeriod: 0, ...credentials, ...options });
}

/** Removes a persistent session a test left at the shared test broker. */
export async function dropSession(url: string, clientId: string, protocolVersion: 4 | 5 = 4): Promise<void> {
  const client = await mqtt.connectAsync(url, { clientId, clean: true, protocolVersion, reconnectPeriod: 0 });
  await client.endAsync();
}

/** Batteries that exist only for one test, so that other traffic at a shared broker cannot reach them. */
export async function addTestBatteries(db: Queryable, count: number): Promise<{ serials: string[]; siteId: number }> {
  const [site] = await db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
  const siteId = site?.id as number;
  const serials = Array.from({ length: count }, () => uniqueId('T'));
  await db.query(
    `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
     SELECT serial, $2, serial, 'LFP 48V', 'Test battery' FROM unnest($1::text[]) AS serial`,
    [serials, siteId],
  );
  return { serials, siteId };
}

export function telemetry(seq: number, ts: Date, values: Partial<BatteryTelemetry> = {}): BatteryTelemetry {
  return {
    seq,
    ts: ts.toISOString(),
    state: 'discharging',
    soc: 80 - (seq % 50),
    soh: 97.5,
    stackVoltage: 51.2,
    current: -120.5,
    minCellVoltage: 3.201,
    maxCellVoltage: 3.215,
    minCellTemperature: 21.5,
    maxCellTemperature: 27,
    totalEnergyChargedKwh: 1000 + seq,
    totalEnergyDischargedKwh: 900 + seq,
    totalChargingHours: 500,
    totalDischargingHours: 700,
    totalStandbyHours: 300,
    ...values,
  };
}

export function deviceEvent(seq: number, ts: Date, values: Partial<DeviceEvent> = {}): DeviceEvent {
  return {
    seq,
    ts: ts.toISOString(),
    type: 'warning',
    code: 'W201',
    description: 'Cell temperature high',
    active: true,
    attributes: { SOC: 55.5, StackVoltage: 51.1 },
    ...values,
  };
}

export const json = (payload: unknown) => JSON.stringify(payload);

/** A charger-station unit with two stations, only for one test. */
export async function addTestMdloadUnit(
  db: Queryable,
  siteId: number,
): Promise<{ serial: string; stations: string[] }> {
  const serial = uniqueId('MDL');
  const stations = [`${serial}-S1`, `${serial}-S2`];
  await db.query(
    `WITH unit AS (
       INSERT INTO mdload_unit (mdload_serial, name, operating_site_id, max_power_kw) VALUES ($1, $1, $2, 100) RETURNING id
     ), station_group AS (
       INSERT INTO charging_station_group (mdload_unit_id, name) SELECT id, 'Hall' FROM unit RETURNING id
     )
     INSERT INTO charging_station (group_id, name, serial_number)
     SELECT station_group.id, serial, serial FROM station_group, unnest($3::text[]) AS serial`,
    [serial, siteId, stations],
  );
  return { serial, stations };
}
