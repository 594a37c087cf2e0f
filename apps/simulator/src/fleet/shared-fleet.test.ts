import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticBatteries } from '../cli/synthetic-fleet';
import { manualClock } from '../clock';
import { AcknowledgedLedger } from '../transport/acknowledged-ledger';
import { type FleetHandle, startFleet } from './start-fleet';
import { forgetDevices, observer, testBroker } from './test/test-support';

const prefix = `S${Date.now().toString(36)}${process.pid}`;
const batteries = syntheticBatteries(40, prefix, 'Europe/Berlin');
const serials = batteries.map((battery) => battery.serialNumber);
const ledger = new AcknowledgedLedger(60_000);

describe('many batteries multiplexed over a few connections', { timeout: 30_000 }, () => {
  const clock = manualClock(Date.parse('2025-06-02T10:00:00+02:00'));
  let broker: Awaited<ReturnType<typeof testBroker>>;
  let platform: Awaited<ReturnType<typeof observer>>;
  let fleet: FleetHandle;

  beforeAll(async () => {
    broker = await testBroker();
    platform = await observer(broker.url, serials);
    fleet = startFleet({
      brokerUrl: broker.url,
      devices: { batteries },
      clock,
      connections: 3,
      clientIdPrefix: `cbm-sim-test-${prefix}`,
      ledger,
    });
    await fleet.ready;
    await clock.advance(10_000);
  });

  afterAll(async () => {
    await platform?.close();
    await forgetDevices(
      broker.url,
      serials.map((serial) => ({ topicPrefix: `cbm/v1/battery/${serial}` })),
      [0, 1, 2].map((n) => `cbm-sim-test-${prefix}-shared-${n}`),
    );
    await broker?.close();
  });

  it('publishes status, info and telemetry on each battery’s own topics', async () => {
    for (const serial of serials) {
      await platform.waitFor((m) => m.serial === serial && m.channel === 'telemetry', `${serial} telemetry`);
    }
    for (const serial of serials) {
      expect(platform.of(serial, 'status').map((m) => m.payload.online)).toEqual([true]);
      expect(platform.of(serial, 'info')).toHaveLength(1);
    }
  });

  it('hands a command to its battery once, though every connection receives it', async () => {
    const serial = serials[17] as string;
    const id = randomUUID();
    await platform.send('battery', serial, { id, issuedAt: new Date().toISOString(), type: 'refresh' });
    await platform.waitFor((m) => m.payload.id === id, 'refresh reply');
    const other = randomUUID();
    await platform.send('battery', serials[18] as string, {
      id: other,
      issuedAt: new Date().toISOString(),
      type: 'refresh',
    });
    await platform.waitFor((m) => m.payload.id === other, 'second reply');
    expect(platform.received.filter((m) => m.payload.id === id)).toHaveLength(1);
  });

  it('marks every battery offline on a clean stop, and sent only schema-valid messages', async () => {
    await fleet.stop();
    for (const serial of serials) {
      await platform.waitFor(
        (m) => m.serial === serial && m.channel === 'status' && m.payload.online === false,
        'offline',
      );
    }
    expect(fleet.counters.acked).toBe(fleet.counters.sent);
    expect(platform.invalid).toEqual([]);
  });

  it('counts per battery what the broker acknowledged, as a subscriber saw it', () => {
    const seen = (channel: string) => platform.received.filter((m) => m.channel === channel && !m.retain);
    const intervals = new Set(
      seen('telemetry').map((m) => `${m.serial} ${Math.floor(Date.parse(m.payload.ts as string) / 60_000)}`),
    );
    expect(seen('telemetry').length).toBeGreaterThan(0);
    expect(ledger.counts()).toEqual({
      telemetry: seen('telemetry').length,
      events: seen('event').length,
      sampleIntervals: intervals.size,
    });
  });
});
