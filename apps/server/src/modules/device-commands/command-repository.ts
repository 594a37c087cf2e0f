import type { Command, CommandReply, CommandType, DeviceClass } from '@cbm/contracts/device-protocol';
import type { Queryable } from '../../db/database';
import type { ReplyRecord, SentCommand, StoredReply } from './command-records';

interface CommandRow {
  id: string;
  device_class: DeviceClass;
  serial_number: string;
  type: CommandType;
  payload: Command;
  issued_at: Date;
  expires_at: Date | null;
}

const toCommand = (row: CommandRow): SentCommand => ({
  id: row.id,
  deviceClass: row.device_class,
  serialNumber: row.serial_number,
  type: row.type,
  command: row.payload,
  issuedAt: row.issued_at,
  expiresAt: row.expires_at ?? row.issued_at,
});

/** SQL of the command channel: commands and replies (update jobs follow them in modules/updates). */
export function commandRepository(db: Queryable) {
  return {
    /** Many commands in one statement (their JSON in one parameter: the same on PostgreSQL and PGlite). */
    async insertMany(commands: readonly SentCommand[], issuedBy: number | null, firstRetryMs: number): Promise<void> {
      if (commands.length === 0) return;
      const rows = commands.map((command) => ({
        id: command.id,
        deviceClass: command.deviceClass,
        serial: command.serialNumber,
        type: command.type,
        payload: command.command,
        issuedAt: command.issuedAt.toISOString(),
        expiresAt: command.expiresAt.toISOString(),
      }));
      await db.query(
        `INSERT INTO device_command (id, device_class, serial_number, type, payload, issued_at, issued_by,
                                     next_attempt_at, expires_at)
         SELECT (c ->> 'id')::uuid, c ->> 'deviceClass', c ->> 'serial', c ->> 'type', c -> 'payload',
                (c ->> 'issuedAt')::timestamptz, $2,
                (c ->> 'issuedAt')::timestamptz + make_interval(secs => $3 / 1000.0), (c ->> 'expiresAt')::timestamptz
           FROM jsonb_array_elements($1::jsonb) AS c`,
        [JSON.stringify(rows), issuedBy, firstRetryMs],
      );
    },

    async insert(command: SentCommand, issuedBy: number | null, firstRetryMs: number): Promise<void> {
      await this.insertMany([command], issuedBy, firstRetryMs);
    },

    async find(ids: readonly string[]): Promise<Map<string, SentCommand>> {
      const rows = await db.query<CommandRow>(
        `SELECT id, device_class, serial_number, type, payload, issued_at, expires_at FROM device_command WHERE id = ANY($1::uuid[])`,
        [[...ids]],
      );
      return new Map(rows.map((row) => [row.id, toCommand(row)]));
    },

    /** Stores the replies; answers those that were new, and moves each command's result on. */
    async insertReplies(records: readonly ReplyRecord[]): Promise<ReplyRecord[]> {
      if (records.length === 0) return [];
      const rows = records.map(({ command, ts, reply }, index) => ({
        index,
        command_id: command.id,
        ts: ts.toISOString(),
        result: reply.result,
        job_status: reply.jobStatus ?? null,
        detail: reply.detail ?? null,
      }));
      const inserted = await db.query<{ index: number }>(
        `WITH x AS (
           SELECT * FROM json_to_recordset($1::json)
             AS x("index" int, command_id uuid, ts timestamptz, result text, job_status text, detail text)
         ), inserted AS (
           INSERT INTO device_command_reply (command_id, ts, result, job_status, detail)
           SELECT command_id, ts, result, job_status, detail FROM x
           ON CONFLICT DO NOTHING RETURNING command_id, ts, result, job_status
         )
         SELECT x."index" FROM x JOIN inserted i ON i.command_id = x.command_id AND i.ts = x.ts
           AND i.result = x.result AND i.job_status IS NOT DISTINCT FROM x.job_status`,
        [JSON.stringify(rows)],
      );
      const fresh = inserted.map((row) => records[row.index] as ReplyRecord);
      if (fresh.length === 0) return fresh;
      await db.query(
        `UPDATE device_command c SET result = x.result, job_status = coalesce(x.job_status, c.job_status), replied_at = x.ts,
                next_attempt_at = NULL
         FROM (SELECT DISTINCT ON (command_id) * FROM json_to_recordset($1::json)
                 AS r(command_id uuid, ts timestamptz, result text, job_status text) ORDER BY command_id, ts DESC) x
         WHERE c.id = x.command_id AND (c.replied_at IS NULL OR c.replied_at <= x.ts)`,
        [
          JSON.stringify(
            fresh.map(({ command, ts, reply }) => ({
              command_id: command.id,
              ts,
              result: reply.result,
              job_status: reply.jobStatus ?? null,
            })),
          ),
        ],
      );
      return fresh;
    },

    async latestReply(commandId: string): Promise<StoredReply | undefined> {
      const [row] = await db.query<{
        result: CommandReply['result'];
        job_status: string | null;
        detail: string | null;
        ts: Date;
      }>(
        `SELECT result, job_status, detail, ts FROM device_command_reply WHERE command_id = $1
          ORDER BY ts DESC, received_at DESC LIMIT 1`,
        [commandId],
      );
      return row && { result: row.result, jobStatus: row.job_status, detail: row.detail, ts: row.ts };
    },

    /** Of the serials, those of devices of the class the platform knows. */
    async knownDevices(deviceClass: DeviceClass, serials: readonly string[]): Promise<Set<string>> {
      const table = { battery: 'battery', charger: 'charger', mdload: 'mdload_unit' }[deviceClass];
      const key = deviceClass === 'mdload' ? 'mdload_serial' : 'serial_number';
      const rows = await db.query<{ serial: string }>(
        `SELECT ${key} AS serial FROM ${table} WHERE ${key} = ANY($1::text[])`,
        [[...serials]],
      );
      return new Set(rows.map((row) => row.serial));
    },

    async lastDataTimestamp(deviceClass: DeviceClass, serialNumber: string): Promise<Date | null | undefined> {
      const table = { battery: 'battery', charger: 'charger', mdload: 'mdload_unit' }[deviceClass];
      const key = deviceClass === 'mdload' ? 'mdload_serial' : 'serial_number';
      const [row] = await db.query<{ last_data_timestamp: Date | null }>(
        `SELECT last_data_timestamp FROM ${table} WHERE ${key} = $1`,
        [serialNumber],
      );
      return row ? row.last_data_timestamp : undefined;
    },
  };
}
