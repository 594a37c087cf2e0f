import type { Queryable } from '../../db/database';
import type { BatteryCursor, BatteryState, ChargeSession, DayTotals, RollupPoint, RollupResult } from './attribution';
import { type RowsStatement, UPSERT_CURSORS, UPSERT_DAYS, UPSERT_SESSIONS } from './rollup-statements';

const CHUNK_ROWS = 5000;

interface CursorRow {
  serial: string;
  sample_ms: number | null;
  site_id: number;
  state: BatteryState;
  soc: number;
  soh: number;
  charger_serial: string | null;
  charged: number;
  discharged: number;
  session_start_ms: number | null;
  session_site_id: number;
  session_end_ms: number;
  start_soc: number;
  end_soc: number;
  energy_ukwh: number;
  session_charger: string | null;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
const iso = (value: number) => new Date(value).toISOString();

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += CHUNK_ROWS) await write(rows.slice(offset, offset + CHUNK_ROWS));
}

export function rollupRepository(db: Queryable) {
  const write = <Row>(statement: RowsStatement<Row>, rows: Row[]) =>
    inChunks(rows, (chunk) => db.query(statement.sql, statement.params(chunk)));

  const selectCursors = (serials: string[]) =>
    db.query<CursorRow>(
      `SELECT c.battery_serial_number AS serial, ${ms('c.sample_at')} AS sample_ms, c.operating_site_id AS site_id,
         c.state, c.soc, c.soh, c.charger_serial, c.total_charged_ukwh AS charged,
         c.total_discharged_ukwh AS discharged, ${ms('s.start_at')} AS session_start_ms,
         s.operating_site_id AS session_site_id, ${ms('s.end_at')} AS session_end_ms, s.start_soc, s.end_soc,
         (s.energy_kwh * 1000000)::bigint AS energy_ukwh, s.charger_serial AS session_charger
       FROM rollup_cursor c
       LEFT JOIN charge_session s ON s.battery_serial_number = c.battery_serial_number AND s.is_open
       WHERE c.battery_serial_number = ANY($1::text[])
       ORDER BY c.battery_serial_number
       FOR UPDATE OF c`,
      [serials],
    );

  return {
    /** Cursors with their open sessions, locked until the transaction ends (in serial order). */
    async lockCursors(serials: string[]): Promise<Map<string, BatteryCursor>> {
      const rows = await selectCursors(serials);
      const missing = serials.filter((serial) => !rows.some((row) => row.serial === serial));
      if (missing.length > 0) {
        await db.query(
          'INSERT INTO rollup_cursor (battery_serial_number) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
          [missing],
        );
        rows.push(...(await selectCursors(missing)));
      }
      const cursors = new Map<string, BatteryCursor>();
      for (const row of rows) if (row.sample_ms !== null) cursors.set(row.serial, toCursor(row));
      return cursors;
    },

    async siteTimeZones(siteIds: number[]): Promise<Map<number, string>> {
      const rows = await db.query<{ id: number; timezone: string }>(
        'SELECT id, timezone FROM operating_site WHERE id = ANY($1::int[])',
        [siteIds],
      );
      return new Map(rows.map((row) => [row.id, row.timezone]));
    },

    /**
     * The raw samples a recompute needs (see SampleWindowLoader), from ingestion's sample table;
     * counters rounded to micro-kWh as Math.round does (toUkwh), in the same double arithmetic.
     */
    async sampleWindow(serialNumber: string, fromMs: number, toMs: number): Promise<RollupPoint[]> {
      return db.query<RollupPoint>(
        `WITH bounds AS (
           SELECT (SELECT max(ts) FROM battery_sample
                    WHERE serial_number = $1 AND ts < $2 AND state <> 'charging') AS low,
                  (SELECT min(ts) FROM battery_sample
                    WHERE serial_number = $1 AND ts >= $3 AND state <> 'charging') AS high)
         SELECT ${ms('ts')} AS ts, operating_site_id AS "siteId", state, soc, soh, charger_serial AS "chargerSerial",
           floor(total_energy_charged_kwh * 1000000 + 0.5)::bigint AS "chargedUkwh",
           floor(total_energy_discharged_kwh * 1000000 + 0.5)::bigint AS "dischargedUkwh"
         FROM battery_sample, bounds
         WHERE serial_number = $1 AND ts >= coalesce(low, '-infinity') AND ts <= coalesce(high, 'infinity')
         ORDER BY ts`,
        [serialNumber, iso(fromMs), iso(toMs)],
      );
    },

    async batteriesOfSite(siteId: number): Promise<string[]> {
      const rows = await db.query<{ serial_number: string }>(
        'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number',
        [siteId],
      );
      return rows.map((row) => row.serial_number);
    },

    /** Stores what incremental roll-up produced: day deltas added, sessions and cursors replaced. */
    async apply(results: RollupResult[]): Promise<void> {
      await write(
        UPSERT_DAYS,
        results.flatMap((result) => result.days),
      );
      const sessions = results.flatMap((result) => result.sessions);
      // Closed first: a batch can close a battery's open session and open its next one.
      await write(
        UPSERT_SESSIONS,
        sessions.filter((session) => !session.open),
      );
      await write(
        UPSERT_SESSIONS,
        sessions.filter((session) => session.open),
      );
      await write(
        UPSERT_CURSORS,
        results.map((result) => result.cursor),
      );
    },

    /** Replaces a battery's days in [fromDate, toDate] and its sessions starting in [fromMs, toMs]. */
    async replace(
      serial: string,
      range: { fromDate: string; toDate: string; fromMs: number; toMs: number },
      days: DayTotals[],
      sessions: ChargeSession[],
    ): Promise<void> {
      await db.query('DELETE FROM battery_day WHERE battery_serial_number = $1 AND day BETWEEN $2 AND $3', [
        serial,
        range.fromDate,
        range.toDate,
      ]);
      await db.query('DELETE FROM charge_session WHERE battery_serial_number = $1 AND start_at BETWEEN $2 AND $3', [
        serial,
        iso(range.fromMs),
        iso(range.toMs),
      ]);
      await write(UPSERT_DAYS, days);
      await write(UPSERT_SESSIONS, sessions);
    },

    async listDays(serials: string[]): Promise<DayTotals[]> {
      const rows = await db.query<DayTotals>(
        `SELECT battery_serial_number AS "serialNumber", operating_site_id AS "siteId", day::text AS date,
           timezone AS "timeZone", (energy_charged_kwh * 1000000)::bigint AS "chargedUkwh",
           (energy_discharged_kwh * 1000000)::bigint AS "dischargedUkwh", operating_ms AS "operatingMs",
           charging_ms AS "chargingMs", discharging_ms AS "dischargingMs", standby_ms AS "standbyMs",
           idle_ms AS "idleMs", error_ms AS "errorMs", offline_ms AS "offlineMs", low_soc_ms AS "lowSocMs",
           charge_sessions AS "chargeSessions", min_soc AS "minSoc", max_soc AS "maxSoc", soh
         FROM battery_day WHERE battery_serial_number = ANY($1::text[])
         ORDER BY battery_serial_number, operating_site_id, day`,
        [serials],
      );
      return rows;
    },

    async listSessions(serials: string[]): Promise<ChargeSession[]> {
      return db.query<ChargeSession>(
        `SELECT battery_serial_number AS "serialNumber", operating_site_id AS "siteId",
           ${ms('start_at')} AS "startAt", ${ms('end_at')} AS "endAt", start_soc AS "startSoc",
           end_soc AS "endSoc", (energy_kwh * 1000000)::bigint AS "energyUkwh",
           charger_serial AS "chargerSerial", is_open AS open
         FROM charge_session WHERE battery_serial_number = ANY($1::text[])
         ORDER BY battery_serial_number, start_at`,
        [serials],
      );
    },

    /** The battery's sessions at the site overlapping [fromMs, toMs), newest first, at most `limit`. */
    async sessionsInRange(siteId: number, serial: string, fromMs: number, toMs: number, limit: number) {
      return db.query<ChargeSession>(
        `SELECT battery_serial_number AS "serialNumber", operating_site_id AS "siteId",
           ${ms('start_at')} AS "startAt", ${ms('end_at')} AS "endAt", start_soc AS "startSoc",
           end_soc AS "endSoc", (energy_kwh * 1000000)::bigint AS "energyUkwh",
           charger_serial AS "chargerSerial", is_open AS open
         FROM charge_session
         WHERE battery_serial_number = $1 AND operating_site_id = $2
           AND start_at < to_timestamp($4::double precision / 1000) AND end_at >= to_timestamp($3::double precision / 1000)
         ORDER BY start_at DESC LIMIT $5`,
        [serial, siteId, fromMs, toMs, limit],
      );
    },
  };
}

function toCursor(row: CursorRow): BatteryCursor {
  return {
    serialNumber: row.serial,
    last: {
      ts: row.sample_ms as number,
      siteId: row.site_id,
      state: row.state,
      soc: row.soc,
      soh: row.soh,
      chargerSerial: row.charger_serial,
      chargedUkwh: row.charged,
      dischargedUkwh: row.discharged,
    },
    session:
      row.session_start_ms === null
        ? null
        : {
            serialNumber: row.serial,
            siteId: row.session_site_id,
            startAt: row.session_start_ms,
            endAt: row.session_end_ms,
            startSoc: row.start_soc,
            endSoc: row.end_soc,
            energyUkwh: row.energy_ukwh,
            chargerSerial: row.session_charger,
            open: true,
          },
  };
}
