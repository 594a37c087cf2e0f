import type { ChargerTelemetry, MdloadTelemetry } from '@cbm/contracts/device-protocol';
import type { LiveMdload } from '@cbm/contracts/live-stream';
import type { Queryable } from '../../db/database';
import { STATION_POWER_SQL, STATION_STATE_SQL } from '../mdload-live-view/station-live-state';
import type { ChargerState, MdloadState } from './peripheral-state';

interface ConnectionRow {
  operating_site_id: number;
  online: boolean | null;
  connection_changed_at: Date | null;
  last_data_timestamp: Date | null;
}

/** The fields chargers and charger-station units share: where they are, their connection and last data. */
function peripheralState<T, S>(row: ConnectionRow & { last_data: T; status: S }) {
  return {
    operatingSiteId: row.operating_site_id,
    online: row.online,
    connectionChangedAt: row.connection_changed_at,
    lastDataTimestamp: row.last_data_timestamp,
    lastData: row.last_data,
    status: row.status,
  };
}

export interface PeripheralSample<T> {
  serialNumber: string;
  operatingSiteId: number;
  ts: Date;
  telemetry: T;
}

const iso = (time: Date | null) => time?.toISOString() ?? null;

/** SQL of charger and charger-station (mdload) ingestion: live state, twin and samples. */
export function peripheralRepository(tx: Queryable) {
  async function insertSamples(table: string, rows: Record<string, unknown>[]): Promise<number> {
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0] ?? {}).join(', ');
    const inserted = await tx.query(
      `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [JSON.stringify(rows)],
    );
    return inserted.length;
  }

  return {
    async lockChargers(serials: readonly string[]): Promise<Map<string, ChargerState>> {
      if (serials.length === 0) return new Map();
      const rows = await tx.query<
        ConnectionRow & { serial_number: string; status: string; last_data: ChargerTelemetry }
      >(
        `SELECT serial_number, operating_site_id, status, online, connection_changed_at, last_data, last_data_timestamp
           FROM charger WHERE serial_number = ANY($1::text[]) ORDER BY serial_number FOR UPDATE`,
        [[...serials].sort()],
      );
      return new Map(
        rows.map((row) => [
          row.serial_number,
          {
            ...peripheralState(row),
            serialNumber: row.serial_number,
          },
        ]),
      );
    },

    async lockMdloadUnits(serials: readonly string[]): Promise<Map<string, MdloadState>> {
      if (serials.length === 0) return new Map();
      const rows = await tx.query<
        ConnectionRow & { id: number; mdload_serial: string; status: LiveMdload['status']; last_data: MdloadTelemetry }
      >(
        `SELECT id, mdload_serial, operating_site_id, status, online, connection_changed_at, last_data,
                last_data_timestamp
           FROM mdload_unit WHERE mdload_serial = ANY($1::text[]) ORDER BY mdload_serial FOR UPDATE`,
        [[...serials].sort()],
      );
      return new Map(
        rows.map((row) => [
          row.mdload_serial,
          {
            ...peripheralState(row),
            id: row.id,
            mdloadSerial: row.mdload_serial,
          },
        ]),
      );
    },

    insertChargerSamples: (samples: readonly PeripheralSample<ChargerTelemetry>[]) =>
      insertSamples(
        'charger_sample',
        samples.map(({ serialNumber, operatingSiteId, ts, telemetry }) => ({
          serial_number: serialNumber,
          ts: ts.toISOString(),
          seq: telemetry.seq,
          operating_site_id: operatingSiteId,
          state: telemetry.state,
          power_kw: telemetry.powerKw,
          battery_serial: telemetry.batterySerial,
        })),
      ),

    insertMdloadSamples: (samples: readonly PeripheralSample<MdloadTelemetry>[]) =>
      insertSamples(
        'mdload_sample',
        samples.map(({ serialNumber, operatingSiteId, ts, telemetry }) => ({
          mdload_serial: serialNumber,
          ts: ts.toISOString(),
          seq: telemetry.seq,
          operating_site_id: operatingSiteId,
          power_kw: telemetry.powerKw,
          total_energy_kwh: telemetry.totalEnergyKwh,
          stations: telemetry.stations,
        })),
      ),

    async updateChargers(states: readonly ChargerState[]): Promise<void> {
      if (states.length === 0) return;
      await tx.query(
        `UPDATE charger c SET status = x.status, online = x.online, connection_changed_at = x.connection_changed_at,
           power_kw = x.power_kw, battery_serial = x.battery_serial, last_data = x.last_data,
           last_data_timestamp = x.last_data_timestamp
         FROM json_to_recordset($1::json) AS x(serial_number text, status text, online boolean,
           connection_changed_at timestamptz, power_kw numeric, battery_serial text, last_data jsonb,
           last_data_timestamp timestamptz)
         WHERE c.serial_number = x.serial_number`,
        [
          JSON.stringify(
            states.map((state) => ({
              serial_number: state.serialNumber,
              status: state.status,
              online: state.online,
              connection_changed_at: iso(state.connectionChangedAt),
              power_kw: state.lastData?.powerKw ?? null,
              battery_serial: state.lastData?.batterySerial ?? null,
              last_data: state.lastData,
              last_data_timestamp: iso(state.lastDataTimestamp),
            })),
          ),
        ],
      );
    },

    /** Updates the twin in place: the unit and each of its stations the telemetry names. */
    async updateMdloadUnits(states: readonly MdloadState[]): Promise<void> {
      if (states.length === 0) return;
      await tx.query(
        `UPDATE mdload_unit m SET status = x.status, online = x.online, connection_changed_at = x.connection_changed_at,
           power_kw = x.power_kw, total_energy_kwh = x.total_energy_kwh, last_data = x.last_data,
           last_data_timestamp = x.last_data_timestamp
         FROM json_to_recordset($1::json) AS x(id integer, status text, online boolean, connection_changed_at timestamptz,
           power_kw numeric, total_energy_kwh double precision, last_data jsonb, last_data_timestamp timestamptz)
         WHERE m.id = x.id`,
        [
          JSON.stringify(
            states.map((state) => ({
              id: state.id,
              status: state.status,
              online: state.online,
              connection_changed_at: iso(state.connectionChangedAt),
              power_kw: state.lastData?.powerKw ?? null,
              total_energy_kwh: state.lastData?.totalEnergyKwh ?? null,
              last_data: state.lastData,
              last_data_timestamp: iso(state.lastDataTimestamp),
            })),
          ),
        ],
      );
      const stations = states.flatMap((state) =>
        (state.lastData?.stations ?? []).map((station) => ({
          unit_id: state.id,
          serial_number: station.serialNumber,
          state: station.state,
          power_kw: station.powerKw,
          ts: iso(state.lastDataTimestamp),
        })),
      );
      if (stations.length === 0) return;
      await tx.query(
        `UPDATE charging_station s SET state = x.state, power_kw = x.power_kw, last_data_timestamp = x.ts
         FROM json_to_recordset($1::json) AS x(unit_id integer, serial_number text, state text, power_kw numeric,
           ts timestamptz), charging_station_group g
         WHERE g.id = s.group_id AND g.mdload_unit_id = x.unit_id AND s.serial_number = x.serial_number`,
        [JSON.stringify(stations)],
      );
    },

    /** The twins of these units as the live view shows them. */
    async liveMdloads(unitIds: readonly number[]): Promise<Map<number, LiveMdload['stations']>> {
      const rows = await tx.query<{
        unit_id: number;
        serial_number: string;
        state: string | null;
        power_kw: number | null;
      }>(
        `SELECT g.mdload_unit_id AS unit_id, s.serial_number, ${STATION_STATE_SQL} AS state,
                ${STATION_POWER_SQL} AS power_kw
           FROM charging_station s JOIN charging_station_group g ON g.id = s.group_id
           LEFT JOIN charger c ON c.id = s.charger_id
          WHERE g.mdload_unit_id = ANY($1::int[]) ORDER BY g.name, s.name`,
        [[...unitIds]],
      );
      const result = new Map<number, LiveMdload['stations']>();
      for (const row of rows) {
        const stations = result.get(row.unit_id) ?? [];
        stations.push({
          serialNumber: row.serial_number,
          state: row.state as LiveMdload['stations'][number]['state'],
          powerKw: row.power_kw,
        });
        result.set(row.unit_id, stations);
      }
      return result;
    },
  };
}
