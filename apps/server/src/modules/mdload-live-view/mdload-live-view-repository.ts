import type {
  ChargingStation,
  MdloadCharger,
  MdloadLiveViewResponse,
  MdloadUnit,
} from '@cbm/contracts/mdload-live-view';
import type { Queryable } from '../../db/database';
import { STATION_POWER_SQL, STATION_STATE_SQL, unitShownStatusSql } from './station-live-state';

interface UnitRow {
  id: number;
  mdload_serial: string;
  name: string;
  status: MdloadUnit['status'];
  online: boolean | null;
  power_kw: number | null;
  max_power_kw: number;
  total_energy_kwh: number | null;
  last_data_timestamp: Date | null;
}

interface ChargerRow {
  id: number;
  serial_number: string;
  name: string;
  status: string;
  power_kw: number | null;
  last_data_timestamp: Date | null;
}

interface StationRow {
  id: number;
  unit_id: number;
  group_id: number;
  group_name: string;
  name: string;
  battery_model: string | null;
  serial_number: string;
  state: ChargingStation['state'];
  power_kw: number | null;
  last_data_timestamp: Date | null;
  charger_id: number | null;
}

/** A station of the site, as the assignment calls need it. */
export interface StationRef {
  id: number;
  serialNumber: string;
  unitId: number;
  groupId: number;
  groupName: string;
  chargerId: number | null;
}

const iso = (time: Date | null) => time?.toISOString() ?? null;

const CHARGERS = `SELECT id, serial_number, name, status, power_kw::float8 AS power_kw, last_data_timestamp
  FROM charger WHERE operating_site_id = $1 ORDER BY name, serial_number`;

function toCharger(row: ChargerRow): MdloadCharger {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    name: row.name,
    status: row.status,
    powerKw: row.power_kw,
    lastDataTimestamp: iso(row.last_data_timestamp),
  };
}

/** SQL of the charger-station live view: the site's twins, their stations and the site's chargers. */
export function mdloadLiveViewRepository(db: Queryable) {
  async function load(siteId: number, unitId: number | null): Promise<MdloadLiveViewResponse> {
    const units = await db.query<UnitRow>(
      `SELECT id, mdload_serial, name, ${unitShownStatusSql()} AS status, online, power_kw::float8 AS power_kw,
              max_power_kw::float8 AS max_power_kw, total_energy_kwh, last_data_timestamp
         FROM mdload_unit u WHERE operating_site_id = $1 AND ($2::int IS NULL OR id = $2::int)
        ORDER BY name, mdload_serial`,
      [siteId, unitId],
    );
    const groups = await db.query<{ id: number; unit_id: number; name: string }>(
      `SELECT g.id, g.mdload_unit_id AS unit_id, g.name FROM charging_station_group g
         JOIN mdload_unit u ON u.id = g.mdload_unit_id
        WHERE u.operating_site_id = $1 AND ($2::int IS NULL OR u.id = $2::int) ORDER BY g.name, g.id`,
      [siteId, unitId],
    );
    const stations = await db.query<StationRow>(
      `SELECT s.id, g.mdload_unit_id AS unit_id, g.id AS group_id, g.name AS group_name, s.name, s.battery_model,
              s.serial_number, ${STATION_STATE_SQL} AS state, ${STATION_POWER_SQL} AS power_kw, s.last_data_timestamp,
              s.charger_id
         FROM charging_station s
         LEFT JOIN charger c ON c.id = s.charger_id
         JOIN charging_station_group g ON g.id = s.group_id
         JOIN mdload_unit u ON u.id = g.mdload_unit_id
        WHERE u.operating_site_id = $1 AND ($2::int IS NULL OR u.id = $2::int) ORDER BY s.name, s.id`,
      [siteId, unitId],
    );
    const chargers = (await db.query<ChargerRow>(CHARGERS, [siteId])).map(toCharger);
    const chargerById = new Map(chargers.map((charger) => [charger.id, charger]));
    const stationsOf = new Map<number, ChargingStation[]>();
    for (const row of stations) {
      const list = stationsOf.get(row.group_id) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        batteryModel: row.battery_model,
        serialNumber: row.serial_number,
        state: row.state,
        powerKw: row.power_kw,
        lastDataTimestamp: iso(row.last_data_timestamp),
        charger: row.charger_id === null ? null : (chargerById.get(row.charger_id) ?? null),
      });
      stationsOf.set(row.group_id, list);
    }
    return {
      units: units.map((unit) => ({
        id: unit.id,
        mdLoadSerial: unit.mdload_serial,
        name: unit.name,
        status: unit.status,
        online: unit.online,
        powerKw: unit.power_kw,
        maxPowerKw: unit.max_power_kw,
        totalEnergyKwh: unit.total_energy_kwh,
        lastDataTimestamp: iso(unit.last_data_timestamp),
        chargingStationGroups: groups
          .filter((group) => group.unit_id === unit.id)
          .map((group) => ({ id: group.id, name: group.name, chargingStations: stationsOf.get(group.id) ?? [] })),
      })),
      chargers,
    };
  }

  return {
    list: (siteId: number) => load(siteId, null),

    async unit(siteId: number, unitId: number): Promise<MdloadUnit | undefined> {
      return (await load(siteId, unitId)).units[0];
    },

    async timezone(siteId: number): Promise<string> {
      const [row] = await db.query<{ timezone: string }>('SELECT timezone FROM operating_site WHERE id = $1', [siteId]);
      return row?.timezone ?? 'Europe/Berlin';
    },

    /** The station if it belongs to a unit of the site, locked for the change. */
    async lockStation(siteId: number, stationId: number): Promise<StationRef | undefined> {
      const [row] = await db.query<{
        id: number;
        serial_number: string;
        unit_id: number;
        group_id: number;
        group_name: string;
        charger_id: number | null;
      }>(
        `SELECT s.id, s.serial_number, g.mdload_unit_id AS unit_id, g.id AS group_id, g.name AS group_name, s.charger_id
           FROM charging_station s
           JOIN charging_station_group g ON g.id = s.group_id
           JOIN mdload_unit u ON u.id = g.mdload_unit_id
          WHERE s.id = $2 AND u.operating_site_id = $1
          FOR UPDATE OF s`,
        [siteId, stationId],
      );
      if (!row) return undefined;
      return {
        id: row.id,
        serialNumber: row.serial_number,
        unitId: row.unit_id,
        groupId: row.group_id,
        groupName: row.group_name,
        chargerId: row.charger_id,
      };
    },

    async charger(siteId: number, chargerId: number): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM charger WHERE id = $2 AND operating_site_id = $1',
        [siteId, chargerId],
      );
      return row;
    },

    async chargerName(chargerId: number | null): Promise<string | null> {
      if (chargerId === null) return null;
      const [row] = await db.query<{ name: string }>('SELECT name FROM charger WHERE id = $1', [chargerId]);
      return row?.name ?? null;
    },

    /** Stations other than this one that hold the charger (a charger stands at one station). */
    async stationsWithCharger(
      chargerId: number,
      exceptStationId: number,
    ): Promise<{ id: number; serialNumber: string }[]> {
      const rows = await db.query<{ id: number; serial_number: string }>(
        'SELECT id, serial_number FROM charging_station WHERE charger_id = $1 AND id <> $2 ORDER BY id FOR UPDATE',
        [chargerId, exceptStationId],
      );
      return rows.map((row) => ({ id: row.id, serialNumber: row.serial_number }));
    },

    async setCharger(stationIds: readonly number[], chargerId: number | null): Promise<void> {
      await db.query('UPDATE charging_station SET charger_id = $2 WHERE id = ANY($1::int[])', [
        [...stationIds],
        chargerId,
      ]);
    },

    async group(unitId: number, groupId: number): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM charging_station_group WHERE id = $2 AND mdload_unit_id = $1',
        [unitId, groupId],
      );
      return row;
    },

    async setGroup(stationId: number, groupId: number): Promise<void> {
      await db.query('UPDATE charging_station SET group_id = $2 WHERE id = $1', [stationId, groupId]);
    },
  };
}
