import type { BatteryInfo, BatteryLiveStatus, BatteryTelemetry } from '@cbm/contracts/device-protocol';
import { booleanArray, epochMillisArray, numberArray, textArray } from '../../db/array-literal';
import { arrayRows } from '../../db/array-rows';
import type { Queryable } from '../../db/database';
import type { BatterySample } from './battery-sample';
import type { BatteryState } from './battery-state';

/** A battery's live state as the lock reads it; instants in milliseconds since the epoch. */
interface BatteryRow {
  serial_number: string;
  operating_site_id: number;
  status: BatteryLiveStatus;
  online: boolean | null;
  connection_changed_at: number | null;
  telemetry_state: BatteryTelemetry['state'] | null;
  telemetry_charger_serial: string | null;
  soc: number | null;
  soh: number | null;
  stack_voltage: number | null;
  current_a: number | null;
  min_cell_temperature: number | null;
  max_cell_temperature: number | null;
  min_cell_voltage: number | null;
  max_cell_voltage: number | null;
  last_data_timestamp: number | null;
  last_sample_at: number | null;
  active_error_codes: string[] | null;
  current_error_code: string | null;
  last_error_at: number | null;
}

export interface StoredSample extends BatterySample {
  seq: number;
}

export interface BatteryInfoUpdate {
  serialNumber: string;
  info: BatteryInfo;
  ts: Date;
}

const SAMPLE_ROWS = arrayRows<StoredSample>('x', [
  { name: 'serial_number', type: 'text', value: (sample) => sample.serialNumber },
  { name: 'ts', type: 'timestamptz', value: (sample) => sample.ts.getTime() },
  { name: 'seq', type: 'int8', value: (sample) => sample.seq },
  { name: 'operating_site_id', type: 'int4', value: (sample) => sample.operatingSiteId },
  { name: 'state', type: 'text', value: (sample) => sample.state },
  { name: 'soc', type: 'float8', value: (sample) => sample.soc },
  { name: 'soh', type: 'float8', value: (sample) => sample.soh },
  { name: 'stack_voltage', type: 'float8', value: (sample) => sample.stackVoltage },
  { name: 'current_a', type: 'float8', value: (sample) => sample.current },
  { name: 'min_cell_voltage', type: 'float8', value: (sample) => sample.minCellVoltage },
  { name: 'max_cell_voltage', type: 'float8', value: (sample) => sample.maxCellVoltage },
  { name: 'min_cell_temperature', type: 'float8', value: (sample) => sample.minCellTemperature },
  { name: 'max_cell_temperature', type: 'float8', value: (sample) => sample.maxCellTemperature },
  { name: 'board_temperature', type: 'float8', value: (sample) => sample.boardTemperature ?? null },
  { name: 'charger_serial', type: 'text', value: (sample) => sample.chargerSerial ?? null },
  { name: 'total_energy_charged_kwh', type: 'float8', value: (sample) => sample.totalEnergyChargedKwh },
  { name: 'total_energy_discharged_kwh', type: 'float8', value: (sample) => sample.totalEnergyDischargedKwh },
  { name: 'total_charging_hours', type: 'float8', value: (sample) => sample.totalChargingHours },
  { name: 'total_discharging_hours', type: 'float8', value: (sample) => sample.totalDischargingHours },
  { name: 'total_standby_hours', type: 'float8', value: (sample) => sample.totalStandbyHours },
]);

/** An instant as whole milliseconds since the epoch: a number for the driver to read, not a date text to parse. */
const epochMillis = (column: string) => `round(date_part('epoch', ${column}) * 1000) AS ${column}`;
const instantOf = (millis: number | null) => (millis === null ? null : new Date(millis));

const STATE_COLUMNS = `serial_number, operating_site_id, status, online, ${epochMillis('connection_changed_at')},
  telemetry_state, telemetry_charger_serial,
  soc::float8, soh::float8, stack_voltage::float8, current_a::float8, min_cell_temperature::float8,
  max_cell_temperature::float8, min_cell_voltage::float8, max_cell_voltage::float8,
  ${epochMillis('last_data_timestamp')}, ${epochMillis('last_sample_at')}, active_error_codes,
  current_error_code, ${epochMillis('last_error_at')}`;

/** SQL of battery ingestion: lock and read the live state, store samples, write the state back. */
export function batteryIngestRepository(tx: Queryable) {
  return {
    /**
     * Locks the known batteries among these serials, in serial order so that workers cannot
     * deadlock. NO KEY UPDATE: rows referring to a battery (update jobs, datalogs) can still be added.
     */
    async lock(serials: readonly string[]): Promise<Map<string, BatteryState>> {
      if (serials.length === 0) return new Map();
      const rows = await tx.query<BatteryRow>(
        `SELECT ${STATE_COLUMNS} FROM battery WHERE serial_number = ANY($1::text[])
          ORDER BY serial_number FOR NO KEY UPDATE`,
        [[...serials].sort()],
      );
      return new Map(rows.map((row) => [row.serial_number, toState(row)]));
    },

    /**
     * Locks the batteries that have reported before but not for `minutes` and are not marked offline, not
     * connected or silent yet (decision 110), in serial order as `lock` does. The condition is checked again
     * on the locked row, so data stored meanwhile keeps a battery out.
     */
    async lockSilent(minutes: number): Promise<BatteryState[]> {
      const rows = await tx.query<BatteryRow>(
        `SELECT ${STATE_COLUMNS} FROM battery
          WHERE last_data_timestamp < now() - make_interval(mins => $1)
            AND status NOT IN ('offline', 'not connected', 'silent')
          ORDER BY serial_number FOR NO KEY UPDATE`,
        [minutes],
      );
      return rows.map(toState);
    },

    /** Inserts the samples; answers the keys of those that were new, or undefined when all were. */
    async insertSamples(samples: readonly StoredSample[]): Promise<Set<string> | undefined> {
      if (samples.length === 0) return undefined;
      // The keys come back only when some were there already (rare): returning them all costs.
      const [result] = await tx.query<{ inserted: number; keys: [string, string][] | null }>(
        `WITH inserted AS (
           INSERT INTO battery_sample (${SAMPLE_ROWS.names}) SELECT * FROM ${SAMPLE_ROWS.from}
           ON CONFLICT DO NOTHING RETURNING serial_number, ts
         )
         SELECT count(*)::int AS inserted,
                CASE WHEN count(*) < $${SAMPLE_ROWS.count + 1} THEN json_agg(json_build_array(serial_number, ts)) END AS keys
           FROM inserted`,
        [...SAMPLE_ROWS.params(samples), samples.length],
      );
      if (!result?.keys) return undefined;
      return new Set(result.keys.map(([serial, ts]) => sampleKey(serial, new Date(ts))));
    },

    /**
     * Writes the batteries' live state back, one array per column: PostgreSQL parses arrays of plain
     * values faster than the same rows as JSON objects, whose keys it would read again for every row
     * (decision 020). The newest telemetry, kept as sent, comes as one JSON array in the batch's order
     * (null: none new): a json[] literal would escape every document a second time (decision 064).
     */
    async updateLiveState(states: readonly BatteryState[]): Promise<void> {
      if (states.length === 0) return;
      const text = (value: (state: BatteryState) => string | null) => textArray(states.map(value));
      const instant = (value: (state: BatteryState) => Date | null) => epochMillisArray(states.map(value));
      const measurement = (key: keyof BatteryState['measurements']) =>
        numberArray(states.map((state) => state.measurements[key]));
      await tx.query(
        `UPDATE battery b SET
           status = x.status, online = x.online, connection_changed_at = to_timestamp(x.connection_changed_ms / 1000),
           soc = x.soc, soh = x.soh, stack_voltage = x.stack_voltage, current_a = x.current_a,
           min_cell_temperature = x.min_cell_temperature, max_cell_temperature = x.max_cell_temperature,
           min_cell_voltage = x.min_cell_voltage, max_cell_voltage = x.max_cell_voltage,
           telemetry_state = x.telemetry_state, telemetry_charger_serial = x.telemetry_charger_serial,
           last_data = CASE WHEN json_typeof(x.last_data) = 'null' THEN b.last_data ELSE x.last_data END,
           last_data_timestamp = to_timestamp(x.last_data_ms / 1000),
           last_sample_at = to_timestamp(x.last_sample_ms / 1000), active_error_codes = x.active_error_codes::text[],
           current_error_code = x.current_error_code, last_error_at = to_timestamp(x.last_error_ms / 1000)
         FROM (SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::float8[], $5::numeric[],
                 $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[],
                 $12::numeric[], $13::text[], $14::text[], $15::float8[], $16::float8[], $17::text[], $18::text[],
                 $19::float8[]) WITH ORDINALITY
             AS u(serial_number, status, online, connection_changed_ms, soc, soh, stack_voltage, current_a,
                  min_cell_temperature, max_cell_temperature, min_cell_voltage, max_cell_voltage, telemetry_state,
                  telemetry_charger_serial, last_data_ms, last_sample_ms, active_error_codes, current_error_code,
                  last_error_ms, n)
             JOIN json_array_elements($20::json) WITH ORDINALITY AS t(last_data, n) USING (n)) AS x
         WHERE b.serial_number = x.serial_number`,
        [
          text((state) => state.serialNumber),
          text((state) => state.status),
          booleanArray(states.map((state) => state.online)),
          instant((state) => state.connectionChangedAt),
          measurement('soc'),
          measurement('soh'),
          measurement('stackVoltage'),
          measurement('current'),
          measurement('minCellTemperature'),
          measurement('maxCellTemperature'),
          measurement('minCellVoltage'),
          measurement('maxCellVoltage'),
          text((state) => state.telemetryState),
          text((state) => state.chargerSerial),
          instant((state) => state.lastDataTimestamp),
          instant((state) => state.lastSampleAt),
          text((state) => textArray(state.activeErrorCodes)),
          text((state) => state.activeErrorCodes.at(-1) ?? null),
          instant((state) => state.lastErrorAt),
          JSON.stringify(states.map((state) => state.newTelemetry)),
        ],
      );
    },

    /** Static data from `info`; an older info than the one applied changes nothing. */
    async updateInfo(updates: readonly BatteryInfoUpdate[]): Promise<number> {
      if (updates.length === 0) return 0;
      const rows = updates.map(({ serialNumber, info, ts }) => ({
        serial_number: serialNumber,
        info_timestamp: ts.toISOString(),
        info,
        battery_type: info.batteryType,
        product: info.product,
        hw_serial: info.hwSerial,
        ecu_serial_number: info.ecuSerialNumber,
        bsp_version: info.versions.bsp,
        bam_version: info.versions.bam,
        boot_version: info.versions.boot,
        firmware_version: info.versions.firmware,
        hardware_version: info.versions.hardware,
        iot_hmi_version: info.versions.iotHmi,
        iot_sw_version: info.versions.iotSw,
        cell_type: info.cellType,
        battery_capacity_ah: info.capacityAh,
        nominal_energy_kwh: info.nominalEnergyKwh,
        nominal_voltage: info.nominalVoltage,
        module_count: info.moduleCount,
        module_electronic: info.moduleElectronic,
        parameter_set: info.parameterSet,
        production_date: info.productionDate,
        tray_number: info.trayNumber,
      }));
      const fields = Object.keys(rows[0] ?? {}).filter(
        (key) => !['serial_number', 'info_timestamp', 'info'].includes(key),
      );
      const updated = await tx.query(
        `UPDATE battery b SET info = x.info, info_timestamp = x.info_timestamp,
           ${fields.map((field) => `${field} = coalesce(x.${field}, b.${field})`).join(', ')}
         FROM json_populate_recordset(NULL::battery, $1::json) AS x
         WHERE b.serial_number = x.serial_number
           AND (b.info_timestamp IS NULL OR b.info_timestamp < x.info_timestamp)
         RETURNING b.serial_number`,
        [JSON.stringify(rows)],
      );
      return updated.length;
    },
  };
}

function toState(row: BatteryRow): BatteryState {
  return {
    serialNumber: row.serial_number,
    operatingSiteId: row.operating_site_id,
    online: row.online,
    connectionChangedAt: instantOf(row.connection_changed_at),
    telemetryState: row.telemetry_state,
    chargerSerial: row.telemetry_charger_serial,
    measurements: {
      soc: row.soc,
      soh: row.soh,
      stackVoltage: row.stack_voltage,
      current: row.current_a,
      minCellTemperature: row.min_cell_temperature,
      maxCellTemperature: row.max_cell_temperature,
      minCellVoltage: row.min_cell_voltage,
      maxCellVoltage: row.max_cell_voltage,
    },
    newTelemetry: null,
    lastDataTimestamp: instantOf(row.last_data_timestamp),
    lastSampleAt: instantOf(row.last_sample_at),
    activeErrorCodes: row.active_error_codes ?? (row.current_error_code ? [row.current_error_code] : []),
    lastErrorAt: instantOf(row.last_error_at),
    status: row.status,
  };
}

export const sampleKey = (serialNumber: string, ts: Date) => `${serialNumber}|${ts.toISOString()}`;
