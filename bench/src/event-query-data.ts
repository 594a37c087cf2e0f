import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/database';
import { preparePartitions } from '../../apps/server/src/modules/device-ingestion/device-history';
import { copyFrom } from './pg-copy';

const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 365;
const CHUNK = 250_000;
const TYPES = ['warning', 'info', 'error', 'limit'] as const;
const CODES = { warning: 'W305', info: 'I100', error: 'E412', limit: 'L301' } as const;

export type CopyTarget = { kind: 'postgres'; url: string; schema: string } | { kind: 'pglite'; pglite: PGlite };

/**
 * `total` battery events over the last HISTORY_DAYS, in time order as ingestion stores them: half of them at one
 * busy site, the rest spread over all demo batteries (so over the ten demo sites); 40 % warnings, 30 % info,
 * 20 % errors, 10 % limits, with SOC evenly over 0–100, StackVoltage and Current as the devices send them.
 * Loaded with COPY in chunks.
 */
export async function generateEvents(db: Database, target: CopyTarget, total: number, now: number) {
  const batteries = await db.query<{ serial_number: string; operating_site_id: number }>(
    'SELECT serial_number, operating_site_id FROM battery ORDER BY serial_number',
  );
  const busySite = batteries[0]?.operating_site_id;
  const busy = batteries.filter((battery) => battery.operating_site_id === busySite);
  const start = now - HISTORY_DAYS * DAY_MS;
  const days: Date[] = [];
  for (let ts = start; ts <= now + DAY_MS; ts += DAY_MS) days.push(new Date(ts));
  await preparePartitions(db, days);

  const client = target.kind === 'postgres' ? new pg.Client({ connectionString: target.url }) : undefined;
  await client?.connect();
  await client?.query(`SET search_path TO ${target.kind === 'postgres' ? target.schema : 'public'}`);
  const columns =
    '(device_class, serial_number, seq, ts, operating_site_id, type, code, description, category, active, attributes)';
  const step = (HISTORY_DAYS * DAY_MS) / total;
  for (let first = 0; first < total; first += CHUNK) {
    const lines: string[] = [];
    for (let n = first; n < Math.min(total, first + CHUNK); n++) {
      // Every other event comes from the first site's batteries: one busy site, as the query measures.
      const pool = n % 2 === 0 ? busy : batteries;
      const battery = pool[(n * 7919) % pool.length] as (typeof batteries)[number];
      const bucket = (Math.imul(n, 2_654_435_761) >>> 0) % 10;
      const type = TYPES[bucket < 4 ? 0 : bucket < 7 ? 1 : bucket < 9 ? 2 : 3];
      const attributes = `{""SOC"": ${(n * 37) % 101}, ""StackVoltage"": ${48 + (n % 50) / 10}, ""Current"": ${(n % 300) - 150}}`;
      const ts = new Date(start + Math.floor(n * step)).toISOString();
      lines.push(
        `battery,${battery.serial_number},${n},${ts},${battery.operating_site_id},${type},${CODES[type]},Bench ${type},Bench,${n % 2 === 0},"${attributes}"`,
      );
    }
    const csv = Buffer.from(`${lines.join('\n')}\n`);
    if (client) await copyFrom(client, `COPY device_event ${columns} FROM STDIN WITH (FORMAT csv)`, csv);
    else if (target.kind === 'pglite') {
      await target.pglite.query(`COPY device_event ${columns} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv]),
      });
    }
    process.stderr.write(`\r  generated ${(Math.min(total, first + CHUNK) / 1e6).toFixed(2)} M events`);
  }
  process.stderr.write('\n');
  await client?.end();
  await db.query('ANALYZE device_event');
}
