import type { Database } from '../../db/database';

/** Tables range-partitioned by month on `ts` (migration 002). */
export const PARTITIONED_TABLES = ['battery_sample', 'device_event', 'charger_sample', 'mdload_sample'] as const;
/** The partitioned tables of raw samples, which retention may drop (events are kept in full). */
export const SAMPLE_TABLES = ['battery_sample', 'charger_sample', 'mdload_sample'] as const;
type PartitionedTable = (typeof PARTITIONED_TABLES)[number];
const PARTITION_LOCK = 7_406_212;

const partitionName = (table: PartitionedTable, month: string) => `${table}_p${month.replace('-', '')}`;

/** 'YYYY-MM' of a time, in UTC like the partition bounds. */
export const monthOf = (time: Date) => time.toISOString().slice(0, 7);

export const nextMonth = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
};

export function partitionRepository(db: Database) {
  return {
    /** Creates each table's partition for these months where missing; safe with several workers. */
    async ensureMonths(months: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
        for (const month of months) {
          if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`Not a month: ${month}`);
          const from = `${month}-01 00:00:00+00`;
          const to = `${nextMonth(month)}-01 00:00:00+00`;
          for (const table of PARTITIONED_TABLES) {
            await tx.query(
              `CREATE TABLE IF NOT EXISTS ${partitionName(table, month)} PARTITION OF ${table}
                 FOR VALUES FROM ('${from}') TO ('${to}')`,
            );
          }
        }
      });
    },

    async months(table: PartitionedTable): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i
           JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
          WHERE p.relname = $1 AND p.relnamespace = to_regnamespace(current_schema())::oid ORDER BY 1`,
        [table],
      );
      return rows.map((row) => `${row.name.slice(-6, -2)}-${row.name.slice(-2)}`);
    },

    /** Drops these tables' partitions of months before `month`; answers what it dropped. */
    async dropMonthsBefore(tables: readonly PartitionedTable[], month: string): Promise<string[]> {
      const dropped: string[] = [];
      for (const table of tables) {
        for (const old of (await this.months(table)).filter((candidate) => candidate < month)) {
          await db.transaction(async (tx) => {
            await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
            await tx.query(`DROP TABLE IF EXISTS ${partitionName(table, old)}`);
          });
          dropped.push(partitionName(table, old));
        }
      }
      return dropped;
    },
  };
}
