import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { deviceEvent, json, registerTestDevice, telemetry } from '../../../test/mqtt-devices';
import { freePort, startServerProcess, stopServerProcess } from '../../../test/server-process';
import { loadConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { openPgliteDatabase } from '../../db/pglite-database';
import { seedDemo } from '../../demo/seed-demo';

const MESSAGES = 600;
const IN_FLIGHT = 40;

describe('crash safety', () => {
  it('after SIGKILL mid-ingestion and a restart, every acknowledged message is stored exactly once', {
    timeout: 180_000,
  }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-crash-'));
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
    await migrate(db, loadConfig({}).migrationsDir);
    await seedDemo(db);
    const [battery] = await db.query<{ serial_number: string; site: number }>(
      'SELECT serial_number, operating_site_id AS site FROM battery ORDER BY 1 LIMIT 1',
    );
    const serial = battery?.serial_number as string;
    const login = await registerTestDevice(db, 'battery', serial, battery?.site as number);
    await db.close();

    const mqttPort = await freePort();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: String(mqttPort),
      SAMPLE_RESOLUTION_SECONDS: '0',
      INGEST_BATCH_SIZE: '25',
      LOG_LEVEL: 'error',
      DEMO: 'false',
    };
    let server = await startServerProcess(env);
    const device = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      ...login,
      clean: false,
      reconnectPeriod: 100,
    });
    await new Promise((resolve) => device.once('connect', resolve));

    // Odd sequence numbers are events, even ones telemetry; a second apart, an hour ago.
    const start = Date.now() - 3_600_000;
    const acks = new EventEmitter();
    const acked = new Set<number>();
    let inFlight = 0;
    let killedAfter = 0;
    let unacknowledgedAtKill = 0;
    const restarted = (async () => {
      while (acked.size < MESSAGES / 3) await once(acks, 'ack');
      killedAfter = acked.size;
      await stopServerProcess(server, 'SIGKILL');
      unacknowledgedAtKill = inFlight;
      server = await startServerProcess(env);
    })();
    for (let seq = 1; seq <= MESSAGES; seq++) {
      while (inFlight >= IN_FLIGHT) await once(acks, 'ack');
      const ts = new Date(start + seq * 1000);
      const [channel, payload] = seq % 2 ? ['event', deviceEvent(seq, ts)] : ['telemetry', telemetry(seq, ts)];
      inFlight++;
      device.publish(topicFor('battery', serial, channel as 'event'), json(payload), { qos: 1 }, (error) => {
        if (error) throw error;
        inFlight--;
        acked.add(seq);
        acks.emit('ack');
      });
    }
    await restarted;
    while (acked.size < MESSAGES) await once(acks, 'ack');
    await device.endAsync();
    await stopServerProcess(server, 'SIGTERM');

    expect(killedAfter).toBeGreaterThan(0);
    expect(killedAfter).toBeLessThan(MESSAGES);
    // These were unacknowledged when the server died: the device sent them again to the new one.
    expect(unacknowledgedAtKill).toBeGreaterThan(0);
    const stored = await openPgliteDatabase(path.join(dataDir, 'pglite'));
    const rows = await stored.query<{ seq: number; copies: number }>(
      `SELECT seq::int, count(*)::int AS copies FROM (
         SELECT seq FROM device_event WHERE serial_number = $1
         UNION ALL SELECT seq FROM battery_sample WHERE serial_number = $1
       ) stored GROUP BY seq ORDER BY seq`,
      [serial],
    );
    await stored.close();
    await rm(dataDir, { recursive: true, force: true });
    expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: MESSAGES }, (_, index) => index + 1));
  });
});
