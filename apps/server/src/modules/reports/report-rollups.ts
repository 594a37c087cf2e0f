import type { ReportSettings } from '@cbm/contracts/reports';
import { type DayTotals, emptyDay } from '../rollups/attribution';
import { localDays } from '../rollups/local-days';
import { dayRange } from '../statistics/periods';
import type { StatisticsRepository } from '../statistics/statistics-repository';
import { daySource } from '../statistics/statistics-service';
import { figuresOfDays, type Period, type ReportFigures } from './report-figures';
import type { reportRepository } from './report-repository';

interface Sources {
  reports: ReturnType<typeof reportRepository>;
  statistics: StatisticsRepository;
}

interface Request {
  siteId: number;
  serial: string;
  settings: ReportSettings;
  period: Period;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A stored battery's report figures from the roll-ups statistics and the export read (decision 026): the
 * site's day rows for whole days in their zone, otherwise hour rows, and the charge sessions. So the report
 * agrees with them, also where raw samples were never stored (demo history) or are gone (retention).
 * Bad periods and zones answer the statistics' messages (hours missing, zone not exact).
 */
export async function figuresFromRollups(sources: Sources, request: Request): Promise<ReportFigures> {
  const { siteId, serial, settings, period } = request;
  const zone = localDays(settings.timezone);
  const range = dayRange(iso(period.fromMs), iso(period.toMs), zone.timeZone);
  const wholeDays = range.startMs === period.fromMs && range.endMs === period.toMs;
  const source = await daySource(sources.statistics, siteId, range, wholeDays ? undefined : period);
  const [rows, startSocs, samples] = await Promise.all([
    sources.reports.rollupDays(siteId, serial, period, zone.timeZone, source),
    sources.reports.sessionStartSocs(siteId, serial, period),
    sources.reports.sampleCount(siteId, serial, period),
  ]);
  const days = new Map<string, DayTotals>(
    rows.map(({ date, ...row }) => [date, { ...emptyDay(serial, siteId, date, zone.timeZone), ...row }]),
  );
  return figuresOfDays({
    zone,
    days,
    startSocs,
    samples,
    fromMs: period.fromMs,
    toMs: period.toMs,
    pricePerKwh: settings.pricePerKwh,
  });
}
