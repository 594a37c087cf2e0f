import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import type { ShiftPlan } from '../physics/shift-schedule';
import type { FleetDevices } from '../specs/device-specs';
import { type FleetHandle, startFleet } from './start-fleet';
import { fileServer, forgetDevices, observer, type Received, testBroker } from './test/test-support';

// Two one-hour shifts a day keep the scenarios short: drive, stand by, drive again.
const day = [
  { start: '07:00', end: '08:00' },
  { start: '09:00', end: '10:00' },
];
const shiftPlan: ShiftPlan = [day, day, day, day, day, day, day];
const MONDAY_0650 = Date.parse('2025-06-02T06:50:00+02:00');
const run = `T${Date.now().toString(36)}${process.pid}`;
const battery = `${run}-B1`;
const other = `${run}-B2`;
const charger = `${run}-C1`;
const unit = `${run}-M1`;
const image = Buffer.from('firmware image 5.13.0');
const sha256 = createHash('sha256').update(image).digest('hex');

const devices: FleetDevices = {
  batteries: [battery, other].map((serialNumber) => ({
    serialNumber,
    timezone: 'Europe/Berlin',
    batteryType: 'L24-460',
    capacityAh: 460,
    nominalVoltage: 25.6,
    chargerSerial: charger,
    soc: 100,
    shiftPlan,
  })),
  chargers: [{ serialNumber: charger, maxPowerKw: 5 }],
  mdloadUnits: [
    {
      mdloadSerial: unit,
      timezone: 'Europe/Berlin',
      maxPowerKw: 10,
      shiftPlan,
      stations: [1, 2, 3].map((n) => ({ serialNumber: `${unit}-S${n}`, capacityAh: 620, nominalVoltage: 51.2 })),
    },
  ],
};

const command = (type: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  issuedAt: new Date().toISOString(),
  type,
  ...extra,
});

describe('fleet against an MQTT broker', { timeout: 30_000 }, () => {
  const clock = manualClock(MONDAY_0650);
  let broker: Awaited<ReturnType<typeof testBroker>>;
  let platform: Awaited<ReturnType<typeof observer>>;
  let files: Awaited<ReturnType<typeof fileServer>>;
  let fleet: FleetHandle;
  const replies = (id: string) =>
    platform.received.filter((message) => message.channel === 'cmd/reply' && message.payload.id === id);
  const statuses = (id: string) => replies(id).map((message) => message.payload.jobStatus);
  /** Advances simulated time a minute at a time until the condition holds. */
  const advanceUntil = async (condition: () => boolean, what: string, limitMinutes = 600) => {
    for (let minute = 0; minute < limitMinutes && !condition(); minute++) await clock.advance(60_000);
    if (!condition()) throw new Error(`not reached within ${limitMinutes} simulated minutes: ${what}`);
  };
  const reply = (id: string, jobStatus: string) => (message: Received) =>
    message.channel === 'cmd/reply' && message.payload.id === id && message.payload.jobStatus === jobStatus;

  beforeAll(async () => {
    broker = await testBroker();
    files = await fileServer(image);
    platform = await observer(broker.url, [battery, other, charger, unit]);
    fleet = startFleet({
      brokerUrl: broker.url,
      devices,
      clock,
      intervalMs: 60_000,
      clientIdPrefix: `cbm-sim-test-${run}`,
      dropOuts: null,
      firmwareTiming: { transferMs: 30_000, installMs: 120_000 },
    });
    await fleet.ready;
    await clock.advance(60_000);
  });

  afterAll(async () => {
    await platform?.close();
    await fleet?.stop();
    const addresses = [
      ...[battery, other].map((serial) => ['battery', serial]),
      ['charger', charger],
      ['mdload', unit],
    ];
    await forgetDevices(
      broker.url,
      addresses.map(([deviceClass, serial]) => ({ topicPrefix: `cbm/v1/${deviceClass}/${serial}` })),
      addresses.map(([deviceClass, serial]) => `cbm-sim-test-${run}-${deviceClass}-${serial}`),
    );
    await files?.close();
    await broker?.close();
  });

  it('announces every device with retained status and info, then publishes telemetry', async () => {
    for (const serial of [battery, charger, unit]) {
      await platform.waitFor(
        (m) => m.serial === serial && m.channel === 'status' && m.payload.online === true,
        `${serial} online`,
      );
      await platform.waitFor((m) => m.serial === serial && m.channel === 'telemetry', `${serial} telemetry`);
    }
    const info = await platform.waitFor((m) => m.serial === battery && m.channel === 'info', 'battery info');
    expect(info.payload).toMatchObject({ batteryType: 'L24-460', capacityAh: 460 });
  });

  it('answers refresh with fresh telemetry and done; other commands are for batteries only', async () => {
    const before = platform.of(battery, 'telemetry').length;
    const refresh = command('refresh');
    await platform.send('battery', battery, refresh);
    await platform.waitFor((m) => m.payload.id === refresh.id && m.payload.result === 'done', 'refresh done');
    expect(platform.of(battery, 'telemetry').length).toBeGreaterThan(before);
    const datalog = command('datalogUpload', { datalogId: 1, uploadUrl: `${files.url}/datalog/1` });
    await platform.send('charger', charger, datalog);
    await platform.waitFor((m) => m.payload.id === datalog.id, 'charger reply');
    expect(replies(datalog.id).map((m) => m.payload.result)).toEqual(['rejected']);
  });

  it('installs a firmware update only in standby, then completes after a discharge and standby', async () => {
    const update = command('firmwareUpdate', {
      jobId: 1,
      downloadUrl: `${files.url}/firmware/1?token=t`,
      sha256,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      version: '5.13.0',
    });
    await advanceUntil(() => fleet.batteries.get(battery)?.sim.activity.mode === 'drive', 'driving');
    await platform.send('battery', battery, update);
    await platform.waitFor(reply(update.id, 'upload pending'), 'upload pending');
    await clock.advance(20 * 60_000);
    expect(statuses(update.id)).toEqual(['acknowledged', 'upload pending']);
    await advanceUntil(() => replies(update.id).some(reply(update.id, 'successfully finished')), 'update finished');
    await platform.waitFor(reply(update.id, 'successfully finished'), 'finished reply');
    expect(statuses(update.id)).toEqual([
      'acknowledged',
      'upload pending',
      'started',
      'in progress',
      'in progress',
      'in progress',
      'in progress',
      'executed',
      'successfully finished',
    ]);
    const at = (status: string) => Date.parse(String(replies(update.id).find(reply(update.id, status))?.payload.ts));
    const samples = platform
      .of(battery, 'telemetry')
      .map((m) => ({ ts: Date.parse(String(m.payload.ts)), state: m.payload.state }));
    const between = (from: number, to: number) => samples.filter((s) => s.ts >= from && s.ts <= to).map((s) => s.state);
    expect(new Set(between(at('started'), at('executed')))).toEqual(new Set(['standby']));
    expect(between(at('executed'), at('successfully finished'))).toContain('discharging');
    await platform.waitFor(
      (m) =>
        m.serial === battery &&
        m.channel === 'info' &&
        (m.payload.versions as { firmware?: string }).firmware === '5.13.0',
      'info with the new version',
    );
  });

  it('fails an update whose image does not match its checksum', async () => {
    const update = command('firmwareUpdate', {
      jobId: 2,
      downloadUrl: `${files.url}/firmware/2`,
      sha256: 'f'.repeat(64),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    await platform.send('battery', other, update);
    const failed = await platform.waitFor(reply(update.id, 'failed'), 'failed');
    expect(failed.payload.result).toBe('failed');
    expect(statuses(update.id)).toEqual(['acknowledged', 'failed']);
  });

  it('enables remote debugging until the given time', async () => {
    const until = new Date(clock.now() + 60 * 60_000).toISOString();
    const debug = command('remoteDebugging', { until });
    await platform.send('battery', other, debug);
    await platform.waitFor((m) => m.payload.id === debug.id && m.payload.result === 'accepted', 'accepted');
    await platform.waitFor(
      (m) => m.serial === other && m.channel === 'event' && m.payload.code === 'I019' && m.payload.active === true,
      'enabled',
    );
    await clock.advance(61 * 60_000);
    await platform.waitFor(
      (m) => m.serial === other && m.channel === 'event' && m.payload.code === 'I019' && m.payload.active === false,
      'ended',
    );
  });

  it('uploads a datalog zip of CSV logs', async () => {
    const datalog = command('datalogUpload', { datalogId: 7, uploadUrl: `${files.url}/datalog/7` });
    await platform.send('battery', battery, datalog);
    const done = await platform.waitFor(
      (m) => m.payload.id === datalog.id && m.payload.result !== 'accepted',
      'datalog result',
    );
    expect(done.payload.result).toBe('done');
    expect(files.uploads.at(-1)?.body.subarray(0, 2).toString()).toBe('PK');
  });

  it('resends what was unacknowledged when the network drops, after the broker has sent the last will', async () => {
    const device = fleet.batteries.get(battery);
    if (!device) throw new Error('battery not in the fleet');
    const address = { deviceClass: 'battery', serial: battery } as const;
    // Publish a sample and cut the network in the same tick: it cannot have been acknowledged.
    device.tick();
    const firstSeq = device.sim.seq - 1;
    fleet.dropOut(address, 5 * 60_000);
    const will = await platform.waitFor(
      (m) => m.serial === battery && m.channel === 'status' && m.payload.online === false,
      'last will',
    );
    expect(will.payload).toEqual({ online: false });
    await clock.advance(3 * 60_000);
    const offlineSeq = device.sim.seq - 1;
    expect(offlineSeq).toBeGreaterThan(firstSeq);
    await clock.advance(3 * 60_000);
    await platform.waitFor(
      (m) =>
        m.serial === battery &&
        m.channel === 'status' &&
        m.payload.online === true &&
        platform.received.indexOf(m) > platform.received.indexOf(will),
      'back online',
    );
    const lastSeq = device.sim.seq - 1;
    await platform.waitFor((m) => m.serial === battery && m.payload.seq === lastSeq, 'latest message');
    const seen = new Set(platform.received.filter((m) => m.serial === battery).map((m) => m.payload.seq));
    const missing = [];
    for (let seq = firstSeq; seq <= lastSeq; seq++) if (!seen.has(seq)) missing.push(seq);
    expect(missing).toEqual([]);
    expect(fleet.counters.connectionLosses).toBeGreaterThan(0);
  });

  it('sent only schema-valid messages', () => {
    expect(platform.invalid).toEqual([]);
    expect(platform.of(unit, 'telemetry').length).toBeGreaterThan(0);
    expect(platform.of(charger, 'telemetry').some((m) => m.payload.batterySerial !== null)).toBe(true);
  });
});
