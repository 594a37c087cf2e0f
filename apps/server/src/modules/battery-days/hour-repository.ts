import { arrayRows } from '../../db/array-rows';
import type { Queryable } from '../../db/database';
import type { DayTotals } from './attribution';
import { PERIOD_COLUMNS } from './rollup-statements';

/** The additive figures kept per quarter hour: what a day of a zone with a :15/:30/:45 offset needs. */
export const QUARTER_FIGURES = ['chargedUkwh', 'dischargedUkwh', 'operatingMs', 'lowSocMs'] as const;
export type QuarterFigure = (typeof QUARTER_FIGURES)[number];

/**
 * An hour row with, per quarter figure, its sums over the hour's first 15, 30 and 45 minutes
 * (docs/decisions/033-quarter-hour-partial-sums.md): the rest of the hour is the row's total minus them.
 */
export interface HourTotals extends DayTotals {
  quarters: Record<QuarterFigure, [number, number, number]>;
}

const CHUNK_ROWS = 5000;

const QUARTER_COLUMN_OF: Record<QuarterFigure, string> = {
  chargedUkwh: 'charged_ukwh',
  dischargedUkwh: 'discharged_ukwh',
  operatingMs: 'operating_ms',
  lowSocMs: 'low_soc_ms',
};
/** Each quarter figure's columns: its sums over the hour's first 15, 30 and 45 minutes (migration 022). */
const QUARTERS = QUARTER_FIGURES.flatMap((figure) =>
  [15, 30, 45].map((minutes, part) => ({
    name: `${QUARTER_COLUMN_OF[figure]}_${minutes}`,
    type: 'int8' as const,
    value: (hour: HourTotals) => hour.quarters[figure][part] as number,
  })),
);
const QUARTER_COLUMNS = QUARTERS.map((column) => column.name);

const HOUR_ROWS = arrayRows<HourTotals>('r', [
  ...PERIOD_COLUMNS,
  { name: 'hour', type: 'timestamptz', value: (hour) => Date.parse(hour.date) },
  ...QUARTERS,
]);

const COLUMNS = `battery_serial_number, operating_site_id, hour, energy_charged_kwh, energy_discharged_kwh,
  operating_ms, low_soc_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms, offline_ms, min_soc,
  max_soc, soh, ${QUARTER_COLUMNS.join(', ')}`;
const SELECT_HOURS = `SELECT serial, site, hour, charged::numeric / 1000000,
    discharged::numeric / 1000000, operating, low_soc, charging, discharging, standby, idle, error, offline,
    min_soc, max_soc, soh, ${QUARTER_COLUMNS.join(', ')}
  FROM ${HOUR_ROWS.from}`;

/** Adds hour deltas to the stored rows (creating them when missing); `date` is the hour's start. */
const UPSERT_HOURS = `
  INSERT INTO battery_hour AS h (${COLUMNS})
  ${SELECT_HOURS}
  ON CONFLICT (battery_serial_number, operating_site_id, hour) DO UPDATE SET
    energy_charged_kwh = h.energy_charged_kwh + EXCLUDED.energy_charged_kwh,
    energy_discharged_kwh = h.energy_discharged_kwh + EXCLUDED.energy_discharged_kwh,
    operating_ms = h.operating_ms + EXCLUDED.operating_ms,
    low_soc_ms = h.low_soc_ms + EXCLUDED.low_soc_ms,
    charging_ms = h.charging_ms + EXCLUDED.charging_ms,
    discharging_ms = h.discharging_ms + EXCLUDED.discharging_ms,
    standby_ms = h.standby_ms + EXCLUDED.standby_ms,
    idle_ms = h.idle_ms + EXCLUDED.idle_ms,
    error_ms = h.error_ms + EXCLUDED.error_ms,
    offline_ms = h.offline_ms + EXCLUDED.offline_ms,
    min_soc = least(h.min_soc, EXCLUDED.min_soc),
    max_soc = greatest(h.max_soc, EXCLUDED.max_soc),
    soh = coalesce(EXCLUDED.soh, h.soh),
    ${QUARTER_COLUMNS.map((column) => `${column} = h.${column} + EXCLUDED.${column}`).join(',\n    ')}`;

/** New hour rows (a history seeded into empty tables): no conflict to look for. */
const INSERT_NEW_HOURS = `INSERT INTO battery_hour (${COLUMNS}) ${SELECT_HOURS}`;
const NEW_HOURS_CHUNK_ROWS = 50_000;

export function hourRepository(db: Queryable) {
  const add = async (hours: readonly HourTotals[]): Promise<void> => {
    for (let offset = 0; offset < hours.length; offset += CHUNK_ROWS) {
      await db.query(UPSERT_HOURS, HOUR_ROWS.params(hours.slice(offset, offset + CHUNK_ROWS)));
    }
  };
  return {
    add,

    /** Stores hours that have no row yet (a history seeded into empty tables). */
    async insertNew(hours: readonly HourTotals[]): Promise<void> {
      for (let offset = 0; offset < hours.length; offset += NEW_HOURS_CHUNK_ROWS) {
        await db.query(INSERT_NEW_HOURS, HOUR_ROWS.params(hours.slice(offset, offset + NEW_HOURS_CHUNK_ROWS)));
      }
    },

    /** Replaces a battery's hours starting in [fromMs, toMs) (a recompute). */
    async replace(serial: string, range: { fromMs: number; toMs: number }, hours: readonly HourTotals[]) {
      await db.query('DELETE FROM battery_hour WHERE battery_serial_number = $1 AND hour >= $2 AND hour < $3', [
        serial,
        new Date(range.fromMs).toISOString(),
        new Date(range.toMs).toISOString(),
      ]);
      await add(hours);
    },
  };
}
