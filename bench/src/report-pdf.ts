import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { preparePartitions } from '../../apps/server/src/modules/device-ingestion/device-history';
import { recomputeRollups } from '../../apps/server/src/modules/rollups/recompute';
import { benchSchema, setting } from './smoke';
import { measure, median } from './statistics-data';

/**
 * Report benchmark (issue 7): the PDF of a year of one battery's minute samples (525,600; since decision 026
 * read from their day roll-ups) on PostgreSQL
 * (BENCH_DATABASE_URL, default the local test database; goal under 1 s), against a raw SQL aggregate of
 * the same samples (charged and discharged energy from the counters) in the same run. Schema bench_report
 * is made afresh each run. BENCH_ROUNDS (5).
 */
const SCHEMA = benchSchema('bench_report');
const TO = Date.parse('2026-11-20T23:00:00Z');
const DAYS = setting('BENCH_REPORT_DAYS', 365, 7);
const FROM = TO - DAYS * 86_400_000;
const SAMPLES = (TO - FROM) / 60_000;
const ROUNDS = setting('BENCH_ROUNDS', 5, 1);

// 8-hour cycles of minute samples: 5 h driving, 1 h standby, 2 h charging; counters follow.
const GENERATE = `
  INSERT INTO battery_sample (serial_number, ts, seq, operating_site_id, state, soc, soh, stack_voltage, current_a,
    min_cell_voltage, max_cell_voltage, min_cell_temperature, max_cell_temperature, charger_serial,
    total_energy_charged_kwh, total_energy_discharged_kwh, total_charging_hours, total_discharging_hours,
    total_standby_hours)
  SELECT $1, $2::timestamptz + n * interval '1 minute', n, $3,
         CASE WHEN n % 480 < 300 THEN 'discharging' WHEN n % 480 < 360 THEN 'standby' ELSE 'charging' END,
         CASE WHEN n % 480 < 300 THEN 95 - (n % 480) * 0.25 WHEN n % 480 < 360 THEN 20 ELSE 20 + (n % 480 - 360) * 0.625 END,
         96, 51.2, 0, 3.2, 3.3, 20, 25, CASE WHEN n % 480 >= 360 THEN 'CHG-BENCH' END,
         1000 + (n / 480) * 7.2 + greatest(0, n % 480 - 360) * 0.06,
         900 + (n / 480) * 6 + least(n % 480, 300) * 0.02,
         0, 0, 0
    FROM generate_series(0, $4::int - 1) AS n`;

const RAW = `
  SELECT sum(greatest(0, c - pc))::float8 AS charged, sum(greatest(0, d - pd))::float8 AS discharged, count(*)::int
    FROM (SELECT total_energy_charged_kwh AS c, lag(total_energy_charged_kwh) OVER w AS pc,
                 total_energy_discharged_kwh AS d, lag(total_energy_discharged_kwh) OVER w AS pd
            FROM battery_sample WHERE serial_number = $1 AND ts >= $2 AND ts < $3 WINDOW w AS (ORDER BY ts)) s`;

export async function benchReportPdf() {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = await openPostgresDatabase({ connectionString: url, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.close();
  const db = await openPostgresDatabase({ connectionString: url, schema: SCHEMA, max: 4 });
  const config = loadConfig({}, { LOG_LEVEL: 'silent', MQTT_PORT: 0, INGEST: false });
  await migrate(db, config.migrationsDir);
  await seedDemo(db, new Date(TO));
  const [site] = await db.query<{ id: number; serial: string }>(
    `SELECT o.id, min(b.serial_number) AS serial FROM operating_site o JOIN site_node n ON n.id = o.id
       JOIN battery b ON b.operating_site_id = o.id WHERE n.name = 'Hamburg Hafen' GROUP BY o.id`,
  );
  if (!site) throw new Error('the demo site Hamburg Hafen is missing');
  const days: Date[] = [];
  for (let ts = FROM; ts < TO + 86_400_000; ts += 86_400_000) days.push(new Date(ts));
  await preparePartitions(db, days);
  await db.query(GENERATE, [site.serial, new Date(FROM).toISOString(), site.id, SAMPLES]);
  await db.query('ANALYZE battery_sample');
  // The PDF reads the roll-ups (decision 026): build them from the samples, as ingestion would have.
  await recomputeRollups(db, { serialNumbers: [site.serial], fromDate: '2025-11-21', toDate: '2026-11-20' });

  const app = await buildApp({ config, db });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const query = new URLSearchParams({
    operatingSiteId: String(site.id),
    language: 'en_US',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    pricePerKwh: '0.3',
    timestampMin: String(FROM / 1000),
    timestampMax: String(TO / 1000),
  });
  let bytes = 0;
  const api = await measure(ROUNDS, async () => {
    const response = await app.inject({
      url: `/api/v2/battery/Report/${site.serial}/pdf?${query}`,
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
  });
  const raw = await measure(ROUNDS, () => db.query(RAW, [site.serial, new Date(FROM), new Date(TO)]));
  console.log(
    `report PDF [postgres] ${DAYS} days of one battery (${SAMPLES.toLocaleString('en')} samples, ${(bytes / 1024).toFixed(0)} KB), ` +
      `${ROUNDS} rounds: API p50 ${median(api).toFixed(0)} ms (goal < 1000 ms) | raw SQL aggregate p50 ` +
      `${median(raw).toFixed(0)} ms | API/raw ${(median(api) / median(raw)).toFixed(2)}×`,
  );
  await app.close();
  await db.close();
}
