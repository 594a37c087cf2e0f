import type { DeviceClass } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';
import type { EventRecord } from './event-listener';

export interface ConnectionChange {
  deviceClass: DeviceClass;
  serialNumber: string;
  online: boolean;
  ts: Date;
}

export const eventKey = (deviceClass: string, serialNumber: string, seq: number, ts: Date) =>
  `${deviceClass}|${serialNumber}|${seq}|${ts.toISOString()}`;

/** SQL of device events and connection changes. */
export function eventRepository(tx: Queryable) {
  return {
    /** Inserts the events; answers the keys of those that were new (a redelivery is not). */
    async insertEvents(records: readonly EventRecord[]): Promise<Set<string>> {
      if (records.length === 0) return new Set();
      const rows = records.map(({ deviceClass, serialNumber, operatingSiteId, ts, event }) => ({
        device_class: deviceClass,
        serial_number: serialNumber,
        seq: event.seq,
        ts: ts.toISOString(),
        operating_site_id: operatingSiteId,
        type: event.type,
        code: event.code,
        description: event.description,
        category: event.category ?? null,
        active: event.active,
        attributes: event.attributes ?? null,
      }));
      const columns = Object.keys(rows[0] ?? {}).join(', ');
      const inserted = await tx.query<{ device_class: string; serial_number: string; seq: number; ts: Date }>(
        `INSERT INTO device_event (${columns})
         SELECT ${columns} FROM json_populate_recordset(NULL::device_event, $1::json)
         ON CONFLICT DO NOTHING RETURNING device_class, serial_number, seq, ts`,
        [JSON.stringify(rows)],
      );
      return new Set(inserted.map((row) => eventKey(row.device_class, row.serial_number, Number(row.seq), row.ts)));
    },

    async insertConnectionChanges(changes: readonly ConnectionChange[]): Promise<void> {
      if (changes.length === 0) return;
      await tx.query(
        `INSERT INTO device_connection (device_class, serial_number, ts, online)
         SELECT device_class, serial_number, ts, online
           FROM json_to_recordset($1::json) AS x(device_class text, serial_number text, ts timestamptz, online boolean)
         ON CONFLICT DO NOTHING`,
        [
          JSON.stringify(
            changes.map((change) => ({
              device_class: change.deviceClass,
              serial_number: change.serialNumber,
              ts: change.ts.toISOString(),
              online: change.online,
            })),
          ),
        ],
      );
    },
  };
}
