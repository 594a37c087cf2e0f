import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * check:release --external: the release on PostgreSQL (a database of its own on TEST_DATABASE_URL's server,
 * dropped afterwards) and the machine's Mosquitto (TEST_MQTT_URL), with one battery whose telemetry, sent with
 * mosquitto_pub as a device would, must be stored; the checked user may ask its report.
 */
const SERIAL = `REL${process.pid}`;
const SAMPLES_APART_MS = 5 * 60_000;

/** What sendAndFindSamples stored: its battery, the battery's site and the first and last sample's time (ms). */
export interface StoredSamples {
  serial: string;
  site: number;
  fromMs: number;
  toMs: number;
}

export interface ExternalServices {
  env: Record<string, string>;
  /**
   * Runs once migrations ran (after the CLI's first command): an operating site, a registered battery and the
   * user's right to its reports (the feature, the site and its Report permission; a new user has none).
   */
  addBattery(cli: (args: string[]) => void, email: string): void;
  /**
   * Two telemetry messages at QoS 1, five minutes apart in their time stamps (more than the default sample
   * resolution, less than the gap that ends an interval: a report counts time between them); resolves once
   * both samples are in the database.
   */
  sendAndFindSamples(withinMs: number): Promise<StoredSamples>;
  drop(): void;
}

export function externalServices(): ExternalServices {
  const { TEST_DATABASE_URL, TEST_MQTT_URL } = process.env;
  if (!TEST_DATABASE_URL || !TEST_MQTT_URL) {
    throw new Error('--external needs TEST_DATABASE_URL (a PostgreSQL server) and TEST_MQTT_URL (Mosquitto)');
  }
  const name = `cbm_release_${process.pid}`;
  const database = new URL(TEST_DATABASE_URL);
  database.pathname = `/${name}`;
  const psql = (url: string, sql: string) =>
    execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qtAc', sql], { encoding: 'utf8' }).trim();
  psql(TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
  let site = 0;
  return {
    env: {
      DATABASE_URL: database.href,
      MQTT_URL: TEST_MQTT_URL,
      // The machine's Mosquitto is shared: a group and a client id of this check's own.
      MQTT_SHARE_GROUP: `release${process.pid}`,
      MQTT_CLIENT_ID: `cbm-release-${process.pid}`,
      METRICS_TOKEN: randomBytes(16).toString('hex'),
    },
    addBattery(cli, email) {
      const siteId = psql(
        database.href,
        `WITH node AS (INSERT INTO site_node (name, type) VALUES ('Release check', 'operatingSite') RETURNING id)
         INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
         SELECT id, 53.55, 9.99, 'Europe/Berlin', 'EUR', 0.3 FROM node RETURNING id`,
      );
      site = Number(siteId);
      cli(['devices', 'register', '--site', siteId, '--class', 'battery', '--serial', SERIAL, '--type', 'LFP 48V']);
      cli(['user', 'features', '--email', email, 'cbm_report']);
      cli(['user', 'site', '--email', email, '--site', siteId]);
      cli(['user', 'permissions', '--email', email, '--site', siteId, 'battery.report']);
    },
    async sendAndFindSamples(withinMs) {
      const { hostname, port } = new URL(TEST_MQTT_URL);
      const topic = `cbm/v1/battery/${SERIAL}/telemetry`;
      const toMs = Date.now();
      const fromMs = toMs - SAMPLES_APART_MS;
      const pub = ['-h', hostname, '-p', port || '1883', '-q', '1', '-t', topic, '-l'];
      execFileSync('mosquitto_pub', pub, { input: `${telemetry(1, fromMs)}\n${telemetry(2, toMs)}` });
      const deadline = Date.now() + withinMs;
      while (Date.now() < deadline) {
        const stored = Number(psql(database.href, 'SELECT count(*) FROM battery_sample'));
        if (stored === 2) return { serial: SERIAL, site, fromMs, toMs };
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`2 samples not stored within ${withinMs / 1000} s of their telemetry on ${topic}`);
    },
    drop() {
      psql(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function telemetry(seq: number, ts: number): string {
  return JSON.stringify({
    seq,
    ts: new Date(ts).toISOString(),
    state: 'standby',
    soc: 80,
    soh: 98,
    stackVoltage: 51.2,
    current: 0,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.21,
    minCellTemperature: 21,
    maxCellTemperature: 22,
    totalEnergyChargedKwh: 100,
    totalEnergyDischargedKwh: 90,
    totalChargingHours: 10,
    totalDischargingHours: 20,
    totalStandbyHours: 30,
  });
}
