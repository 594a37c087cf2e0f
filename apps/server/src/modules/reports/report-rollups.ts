import type { ReportSettings } from '@cbm/contracts/reports';
import { type DayTotals, emptyDay } from '../battery-days/attribution';
import { localDays } from '../battery-days/local-days';
import { dayRange } from '../statistics/periods';
import type { StatisticsService } from '../statistics/statistics-service';
import { toReportPoint } from './report-csv';
import { figuresOfDays, type Period, type ReportFigures, reportAccumulator } from './report-figures';
import type { reportRepository } from './report-repository';

interface Sources {
  reports: ReturnType<typeof reportRepository>;
  statistics: Pick<StatisticsService, 'reportDaySource'>;
}

interface Request {
  siteId: number;
  serial: string;
  settings: ReportSettings;
  period: Period;
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR_MS = 3_600_000;

/**
 * A stored battery's report figures from the roll-ups statistics and the export read (decision 026): the
 * site's day rows for whole days in their zone, otherwise hour rows, and the charge sessions. So the report
 * agrees with them, also where raw samples were never stored (demo history) or are gone (retention).
 * Bad periods and zones answer the statistics' messages (hours missing, zone not exact). A period that
 * does not start and end on full hours is no run of roll-ups: it is counted from the raw samples where they
 * reach back to its start, otherwise from the roll-ups of the whole hours inside it (the figures' fromMs and
 * toMs say which; decision 087).
 */
export async function figuresFromRollups(sources: Sources, request: Request): Promise<ReportFigures> {
  const { siteId, serial, settings, period } = request;
  const zone = localDays(settings.timezone);
  const range = dayRange(iso(period.fromMs), iso(period.toMs), zone.timeZone);
  const wholeDays = range.startMs === period.fromMs && range.endMs === period.toMs;
  if (!wholeDays && (period.fromMs % HOUR_MS !== 0 || period.toMs % HOUR_MS !== 0)) {
    const edges = await sources.reports.edgeSamples(siteId, serial, period.fromMs, period.toMs);
    const hours = wholeHoursIn(period);
    if (edges.before || hours.toMs <= hours.fromMs) return figuresFromSamples(sources.reports, request, edges);
    return figuresFromRollups(sources, { ...request, period: hours });
  }
  const source = await sources.statistics.reportDaySource(siteId, range, {
    quarters: false,
    ...(wholeDays ? {} : { partOfDays: period }),
  });
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
  });
}

/** The whole hours inside the period: its start rounded up, its end down. */
const wholeHoursIn = (period: Period): Period => ({
  fromMs: Math.ceil(period.fromMs / HOUR_MS) * HOUR_MS,
  toMs: Math.floor(period.toMs / HOUR_MS) * HOUR_MS,
});

/**
 * The figures of a period off the hour grid, from the stored raw samples through the roll-up logic, the
 * samples just outside the period included (as in the datalog CSV): the PDF from the datalog equals it.
 */
async function figuresFromSamples(
  reports: Sources['reports'],
  request: Request,
  edges: Awaited<ReturnType<Sources['reports']['edgeSamples']>>,
): Promise<ReportFigures> {
  const { siteId, serial, settings, period } = request;
  const accumulator = reportAccumulator(serial, settings.timezone, period);
  if (edges.before) accumulator.add([toReportPoint(edges.before)]);
  for await (const batch of reports.samples(siteId, serial, period.fromMs, period.toMs)) {
    accumulator.add(batch.map(toReportPoint));
  }
  if (edges.after) accumulator.add([toReportPoint(edges.after)]);
  return accumulator.figures();
}
