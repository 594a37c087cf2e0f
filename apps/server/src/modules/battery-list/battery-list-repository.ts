import type { BatteryListItem, ExpectedVersions, Versions } from '@cbm/contracts/battery-list';
import type { Queryable } from '../../db/database';
import { organizationOf } from '../sites/site-organization';

type Row = Record<string, unknown> & { total_count?: number };

const VERSION_COLUMNS = `bsp_version, bam_version, boot_version, firmware_version, hardware_version,
  iot_hmi_version, iot_sw_version`;

/**
 * Every battery field of the entity fields; a current error reads as status 'error' while the battery is connected
 * (battery_shown_status, decision 139).
 */
const COLUMNS = `b.operating_site_id, b.serial_number, b.name, g.name AS group_name, b.group_id, b.display_id,
  b.hw_serial, b.ecu_serial_number, b.bsp_version, b.bam_version, b.boot_version, b.firmware_version,
  b.hardware_version, b.iot_hmi_version, b.iot_sw_version, b.last_data, b.last_data_timestamp,
  battery_shown_status(b.status, b.current_error_code) AS status, b.cell_type,
  b.battery_capacity_ah::float8 AS battery_capacity_ah, b.nominal_energy_kwh::float8 AS nominal_energy_kwh,
  b.nominal_voltage::float8 AS nominal_voltage, b.module_count, b.module_electronic, b.parameter_set,
  to_char(b.production_date, 'YYYY-MM-DD') AS production_date,
  b.max_cell_temperature::float8 AS max_cell_temperature, b.min_cell_temperature::float8 AS min_cell_temperature,
  b.max_cell_voltage::float8 AS max_cell_voltage, b.min_cell_voltage::float8 AS min_cell_voltage,
  b.operating_limit_energy_kwh::float8 AS operating_limit_energy_kwh,
  b.operating_limit_hours::float8 AS operating_limit_hours, b.operating_limit_months, b.total_operating_months,
  b.tray_number, c.name AS charger_name, b.product, b.power_limit_kw::float8 AS power_limit_kw,
  to_char(b.profile_available_from, 'YYYY-MM-DD') AS profile_available_from, b.has_profiling, b.battery_type,
  b.soc::float8 AS soc, b.soh::float8 AS soh, b.stack_voltage::float8 AS stack_voltage,
  to_char(b.next_service_date, 'YYYY-MM-DD') AS next_service_date,
  fc.id AS campaign_id, fc.name AS campaign_name, fc.status AS campaign_status`;

const FROM = `FROM battery b
  LEFT JOIN battery_group g ON g.id = b.group_id
  LEFT JOIN charger c ON c.id = b.charger_id
  LEFT JOIN firmware_campaign_battery cb ON cb.battery_serial_number = b.serial_number AND cb.open
  LEFT JOIN firmware_campaign fc ON fc.id = cb.campaign_id`;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export const versionsOf = (row: Row): Versions => ({
  bspVersion: text(row.bsp_version),
  BamVersion: text(row.bam_version),
  bootVersion: text(row.boot_version),
  firmwareVersion: text(row.firmware_version),
  hardwareVersion: text(row.hardware_version),
  iotHmiVersion: text(row.iot_hmi_version),
  iotSwVersion: text(row.iot_sw_version),
});

const toItem = (row: Row): BatteryListItem => ({
  ...versionsOf(row),
  operatingSiteId: row.operating_site_id as number,
  batterySerialNumber: row.serial_number as string,
  batteryName: row.name as string,
  groupName: text(row.group_name),
  groupId: (row.group_id as number | null) ?? null,
  displayId: text(row.display_id),
  hwSerial: text(row.hw_serial),
  ecuSerialNumber: text(row.ecu_serial_number),
  lastData: (row.last_data as Record<string, unknown> | null) ?? null,
  lastDataTimestamp: iso(row.last_data_timestamp),
  status: row.status as BatteryListItem['status'],
  cellType: text(row.cell_type),
  batteryCapacity: row.battery_capacity_ah as number | null,
  nominalEnergy: row.nominal_energy_kwh as number | null,
  nominalVoltage: row.nominal_voltage as number | null,
  moduleCount: row.module_count as number | null,
  moduleElectronic: text(row.module_electronic),
  parameterSet: text(row.parameter_set),
  productionDate: text(row.production_date),
  maxCellTemperature: row.max_cell_temperature as number | null,
  minCellTemperature: row.min_cell_temperature as number | null,
  maxCellVoltage: row.max_cell_voltage as number | null,
  minCellVoltage: row.min_cell_voltage as number | null,
  operatingLimitEnergy: row.operating_limit_energy_kwh as number | null,
  operatingLimitHours: row.operating_limit_hours as number | null,
  operatingLimitMonths: row.operating_limit_months as number | null,
  totalOperatingMonths: row.total_operating_months as number | null,
  trayNumber: text(row.tray_number),
  charger: text(row.charger_name),
  product: row.product as string,
  powerLimit: row.power_limit_kw as number | null,
  profileAvailableFrom: text(row.profile_available_from),
  hasProfiling: row.has_profiling as boolean,
  type: row.battery_type as string,
  soc: row.soc as number | null,
  soh: row.soh as number | null,
  stackVoltage: row.stack_voltage as number | null,
  nextService: text(row.next_service_date),
  campaign:
    row.campaign_id === null
      ? null
      : {
          id: row.campaign_id as number,
          name: row.campaign_name as string,
          status: row.campaign_status as NonNullable<BatteryListItem['campaign']>['status'],
        },
});

/** SQL of the expert battery list and of the expected versions per organisation and battery type. */
export function batteryListRepository(db: Queryable) {
  return {
    /** The batteries of the sites, by site and name, one page of them with the total. */
    async list(siteIds: readonly number[], page: { offset: number; limit: number }) {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS}, count(*) OVER ()::int AS total_count ${FROM}
          WHERE b.operating_site_id = ANY($1::int[])
          ORDER BY b.operating_site_id, b.name, b.serial_number OFFSET $2 LIMIT $3`,
        [[...siteIds], page.offset, page.limit],
      );
      const totalCount = rows[0]?.total_count ?? (page.offset > 0 ? await this.count(siteIds) : 0);
      return { batteries: rows.map(toItem), totalCount };
    },

    async count(siteIds: readonly number[]): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM battery WHERE operating_site_id = ANY($1::int[])',
        [[...siteIds]],
      );
      return row?.count ?? 0;
    },

    /** The battery when it belongs to the site; undefined otherwise (the caller answers 404). */
    async find(siteId: number, serial: string): Promise<BatteryListItem | undefined> {
      const [row] = await db.query<Row>(
        `SELECT ${COLUMNS} ${FROM} WHERE b.serial_number = $1 AND b.operating_site_id = $2`,
        [serial, siteId],
      );
      return row && toItem(row);
    },

    /** The expected versions of the site's organisation, per battery type (decision 025). */
    async expectedVersions(siteId: number): Promise<ExpectedVersions> {
      const rows = await db.query<Row>(
        `SELECT battery_type, ${VERSION_COLUMNS}, updated_at FROM expected_version
          WHERE organization_id = ${organizationOf('$1::int')} ORDER BY battery_type`,
        [siteId],
      );
      return rows.map((row) => ({
        batteryType: row.battery_type as string,
        ...versionsOf(row),
        updatedAt: iso(row.updated_at) as string,
      }));
    },

    async expectedFor(siteId: number, batteryType: string): Promise<Versions | null> {
      const [row] = await db.query<Row>(
        `SELECT ${VERSION_COLUMNS} FROM expected_version
          WHERE organization_id = ${organizationOf('$1::int')} AND battery_type = $2`,
        [siteId, batteryType],
      );
      return row ? versionsOf(row) : null;
    },
  };
}
