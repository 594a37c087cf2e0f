import { BATTERY_MODELS, SOFTWARE_VERSIONS } from '@cbm/demo-fixtures/battery-models';
import type { Queryable } from '../db/database';
import type { DemoBattery, DemoFleet, DemoMdloadUnit } from './demo-fleet';

type Row = Record<string, unknown>;

/** Bulk insert in one statement: rows are JSON objects keyed by column name. */
async function insertRows<R = Row>(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: Row[],
  returning = 'id',
): Promise<R[]> {
  if (rows.length === 0) return [];
  const list = columns.join(', ');
  return db.query<R>(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     RETURNING ${returning}`,
    [JSON.stringify(rows)],
  );
}

/** Stores the generated fleet: groups, chargers, display units, batteries, charger-station units. */
export async function seedFleet(db: Queryable, fleet: DemoFleet): Promise<void> {
  const groups = await insertRows<{ id: number; operating_site_id: number; name: string }>(
    db,
    'battery_group',
    ['operating_site_id', 'name'],
    fleet.groups.map((group) => ({ operating_site_id: group.siteId, name: group.name })),
    'id, operating_site_id, name',
  );
  const groupIds = new Map(groups.map((group) => [`${group.operating_site_id}|${group.name}`, group.id]));
  const chargers = await insertRows<{ id: number; serial_number: string }>(
    db,
    'charger',
    ['serial_number', 'cid', 'name', 'model', 'max_power_kw', 'operating_site_id'],
    fleet.chargers.map((charger) => ({
      serial_number: charger.serialNumber,
      cid: charger.cid,
      name: charger.name,
      model: charger.model,
      max_power_kw: charger.maxPowerKw,
      operating_site_id: charger.siteId,
    })),
    'id, serial_number',
  );
  const chargerIds = new Map(chargers.map((charger) => [charger.serial_number, charger.id]));
  await insertRows(
    db,
    'display_unit',
    ['display_id', 'hardware_serial_number', 'operating_site_id', 'eol_date'],
    fleet.displays.map((display) => ({
      display_id: display.displayId,
      hardware_serial_number: display.hardwareSerialNumber,
      operating_site_id: display.siteId,
      eol_date: display.eolDate,
    })),
  );
  const batteryRows = fleet.batteries.map((battery) =>
    batteryRow(
      battery,
      battery.groupName ? groupIds.get(`${battery.siteId}|${battery.groupName}`) : undefined,
      battery.chargerSerial ? chargerIds.get(battery.chargerSerial) : undefined,
    ),
  );
  await insertRows(db, 'battery', Object.keys(batteryRows[0] ?? {}), batteryRows, 'serial_number');
  for (const unit of fleet.mdloadUnits) await seedMdloadUnit(db, unit, chargerIds);
  const organizations = await db.query<{ id: number }>('SELECT id FROM site_node WHERE parent_id IS NULL ORDER BY id');
  const expected = organizations.flatMap((organization) => expectedVersionRows(organization.id));
  await insertRows(db, 'expected_version', Object.keys(expected[0] ?? {}), expected, 'battery_type');
}

/** In every organisation, every demo battery type is expected to run the current versions (decisions 010, 025). */
function expectedVersionRows(organizationId: number): Row[] {
  const current = SOFTWARE_VERSIONS.current;
  return BATTERY_MODELS.map((model) => ({
    organization_id: organizationId,
    battery_type: model.type,
    bsp_version: current.bsp,
    bam_version: current.bam,
    boot_version: current.boot,
    firmware_version: current.firmware,
    hardware_version: current.hardware,
    iot_hmi_version: current.iotHmi,
    iot_sw_version: current.iotSw,
  }));
}

function batteryRow(battery: DemoBattery, groupId: number | undefined, chargerId: number | undefined): Row {
  return {
    serial_number: battery.serialNumber,
    operating_site_id: battery.siteId,
    group_id: groupId ?? null,
    name: battery.name,
    battery_type: battery.batteryType,
    product: battery.product,
    display_id: battery.displayId,
    hw_serial: battery.hwSerial,
    ecu_serial_number: battery.ecuSerialNumber,
    bsp_version: battery.versions.bsp,
    bam_version: battery.versions.bam,
    boot_version: battery.versions.boot,
    firmware_version: battery.versions.firmware,
    hardware_version: battery.versions.hardware,
    iot_hmi_version: battery.versions.iotHmi,
    iot_sw_version: battery.versions.iotSw,
    cell_type: battery.cellType,
    battery_capacity_ah: battery.capacityAh,
    nominal_energy_kwh: battery.nominalEnergyKwh,
    nominal_voltage: battery.nominalVoltage,
    module_count: battery.moduleCount,
    module_electronic: battery.moduleElectronic,
    parameter_set: battery.parameterSet,
    production_date: battery.productionDate,
    tray_number: battery.trayNumber,
    operating_limit_energy_kwh: battery.operatingLimitEnergyKwh,
    operating_limit_hours: battery.operatingLimitHours,
    operating_limit_months: battery.operatingLimitMonths,
    total_operating_months: battery.totalOperatingMonths,
    power_limit_kw: battery.powerLimitKw,
    profile_available_from: battery.profileAvailableFrom,
    has_profiling: battery.profileAvailableFrom !== null,
    charger_id: chargerId ?? null,
    next_service_date: battery.nextServiceDate,
    status: battery.status,
    online: battery.iotModuleOff ? false : null,
    connection_changed_at: battery.iotModuleOff ? battery.lastDataTimestamp : null,
    soc: battery.soc,
    soh: battery.soh,
    stack_voltage: battery.stackVoltage,
    min_cell_temperature: battery.cellTemperature[0],
    max_cell_temperature: battery.cellTemperature[1],
    min_cell_voltage: battery.cellVoltage[0],
    max_cell_voltage: battery.cellVoltage[1],
    last_data_timestamp: battery.lastDataTimestamp,
    current_error_code: battery.currentErrorCode,
    last_error_at: battery.lastErrorAt,
  };
}

async function seedMdloadUnit(db: Queryable, unit: DemoMdloadUnit, chargerIds: Map<string, number>): Promise<void> {
  const [stored] = await insertRows<{ id: number }>(
    db,
    'mdload_unit',
    ['mdload_serial', 'name', 'operating_site_id', 'max_power_kw'],
    [
      {
        mdload_serial: unit.mdloadSerial,
        name: unit.name,
        operating_site_id: unit.siteId,
        max_power_kw: unit.maxPowerKw,
      },
    ],
  );
  for (const group of unit.groups) {
    const [storedGroup] = await insertRows<{ id: number }>(
      db,
      'charging_station_group',
      ['mdload_unit_id', 'name'],
      [{ mdload_unit_id: stored?.id, name: group.name }],
    );
    await insertRows(
      db,
      'charging_station',
      ['group_id', 'name', 'battery_model', 'serial_number', 'charger_id'],
      group.stations.map((station) => ({
        group_id: storedGroup?.id,
        name: station.name,
        battery_model: station.batteryModel,
        serial_number: station.serialNumber,
        charger_id: station.chargerSerial ? (chargerIds.get(station.chargerSerial) ?? null) : null,
      })),
    );
  }
}
