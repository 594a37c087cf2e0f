import type { DeviceEvent } from '@cbm/contracts/device-protocol';
import type { Database } from '../../../db/database';
import { insertDeviceEvents, preparePartitions } from '../../device-ingestion/device-history';
import type { EventRecord } from '../../device-ingestion/event-listener';

/** A window before the demo history (it starts 90 days before the seed time), so only these events fall in it. */
export const TEST_WINDOW = { from: '2026-08-01T00:00:00.000Z', to: '2026-08-01T23:59:59.999Z' };
const START = Date.parse(TEST_WINDOW.from) + 3_600_000;

export interface TestEvent {
  ts: string;
  seq: number;
  type: DeviceEvent['type'];
  soc: number | null;
}

/** 45 battery events a minute apart (every third a warning, SoC falling from 90), and 5 charger-station events. */
export async function insertTestEvents(db: Database, site: number, serial: string, mdloadSerial: string) {
  await preparePartitions(db, [new Date(START)]);
  const battery: TestEvent[] = Array.from({ length: 45 }, (_, i) => ({
    ts: new Date(START + i * 60_000).toISOString(),
    seq: i + 1,
    type: i % 3 === 0 ? 'warning' : i % 3 === 1 ? 'info' : 'error',
    soc: i % 9 === 4 ? null : 90 - i * 1.5,
  }));
  const event = (entry: TestEvent, code: string): DeviceEvent => ({
    seq: entry.seq,
    ts: entry.ts,
    type: entry.type,
    code,
    description: `Test ${code} 100% _done_`,
    category: 'Test',
    active: entry.seq % 2 === 1,
    attributes: entry.soc === null ? { StackVoltage: 'n/a' } : { SOC: entry.soc, StackVoltage: 50 + entry.seq / 10 },
  });
  const records = [
    ...battery.map((entry) => ({
      deviceClass: 'battery' as const,
      serialNumber: serial,
      operatingSiteId: site,
      ts: new Date(entry.ts),
      event: event(entry, `T${entry.seq}`),
    })),
    ...battery.slice(0, 5).map((entry) => ({
      deviceClass: 'mdload' as const,
      serialNumber: mdloadSerial,
      operatingSiteId: site,
      ts: new Date(entry.ts),
      event: event(entry, `M${entry.seq}`),
    })),
  ];
  await insertDeviceEvents(db, records);
  return battery;
}

/** A day after TEST_WINDOW with two events: one of a catalogued code (decision 036), one the catalogue lacks. */
export const TEXT_WINDOW = { from: '2026-08-02T00:00:00.000Z', to: '2026-08-02T23:59:59.999Z' };

export async function insertTextEvents(db: Database, site: number, serial: string) {
  const ts = (minute: number) => new Date(Date.parse(TEXT_WINDOW.from) + minute * 60_000);
  const event = (minute: number, code: string, description: string): EventRecord => ({
    deviceClass: 'battery',
    serialNumber: serial,
    operatingSiteId: site,
    ts: ts(minute),
    event: {
      seq: 1000 + minute,
      ts: ts(minute).toISOString(),
      type: 'warning',
      code,
      description,
      category: 'SOC',
      active: true,
    },
  });
  await preparePartitions(db, [ts(0)]);
  await insertDeviceEvents(db, [event(1, 'W201', 'Low state of charge'), event(2, 'X999', 'Vendor specific fault')]);
}
