import { type ReportSettings, uiLanguageOfReport } from '@cbm/contracts/reports';
import { DEFAULT_MAX_GAP_MS } from '../rollups/attribution';
import { localDays } from '../rollups/local-days';
import { type ReportSample, toReportPoint } from './report-csv';
import { type CsvSource, parseReportCsv, ReportCsvError } from './report-csv-parser';
import { type ReportFigures, reportAccumulator } from './report-figures';
import type { ReportDocument } from './report-pdf';
import type { ReportBatteryInfo, reportRepository } from './report-repository';
import { figuresFromDaySummaries, summaryDays } from './report-summary';

type Repository = ReturnType<typeof reportRepository>;

export interface Period {
  fromMs: number;
  toMs: number;
}

/**
 * The figures of a battery's stored samples in the period: summed per local day in the database, so a
 * year of minute samples is not read row by row (the figures equal the accumulator's, API test).
 */
export async function figuresFromSamples(
  repository: Repository,
  siteId: number,
  serial: string,
  settings: ReportSettings,
  period: Period,
): Promise<ReportFigures> {
  const zone = localDays(settings.timezone);
  const days = summaryDays(zone, period);
  if (!days) return figuresFromSampleStream(repository, siteId, serial, settings, period);
  const summary = await repository.daySummaries(siteId, serial, period, days, DEFAULT_MAX_GAP_MS);
  return figuresFromDaySummaries(serial, zone, days, summary, settings.pricePerKwh, period);
}

/** The same figures through the accumulator, the samples read in batches. */
export async function figuresFromSampleStream(
  repository: Repository,
  siteId: number,
  serial: string,
  settings: ReportSettings,
  period: Period,
): Promise<ReportFigures> {
  const accumulator = reportAccumulator(serial, settings.timezone);
  for await (const batch of repository.figureSamples(siteId, serial, period.fromMs, period.toMs)) {
    accumulator.add(batch.map(toReportPoint));
  }
  return accumulator.figures(settings.pricePerKwh, period);
}

/**
 * The figures of an uploaded datalog, through the same accumulator as stored samples: only the samples
 * in the period count, or the whole file without one.
 */
export async function figuresFromCsv(
  data: CsvSource,
  settings: ReportSettings,
  period: Period | undefined,
): Promise<{ serial: string; figures: ReportFigures }> {
  let accumulator: ReturnType<typeof reportAccumulator> | undefined;
  let serial = '';
  const inPeriod = (sample: ReportSample) => !period || (sample.ts >= period.fromMs && sample.ts < period.toMs);
  for await (const batch of parseReportCsv(data)) {
    serial ||= batch[0]?.serialNumber ?? '';
    accumulator ??= reportAccumulator(serial, settings.timezone);
    accumulator.add(batch.filter(inPeriod).map(toReportPoint));
  }
  const figures = accumulator?.figures(settings.pricePerKwh, period);
  if (!figures || figures.samples === 0) throw new ReportCsvError('errors.reportCsvNoSamplesInPeriod', {});
  return { serial, figures };
}

export interface DocumentParts {
  settings: ReportSettings;
  figures: ReportFigures;
  battery: ReportBatteryInfo | undefined;
  serial: string;
  siteName: string;
  user: { firstName: string; lastName: string; theme: ReportDocument['theme'] };
  source: ReportDocument['source'];
}

/** Empty texts fall back to what CBM knows: the battery's charger, the signed-in user's name. */
export function reportDocument({ settings, figures, battery, serial, siteName, user, source }: DocumentParts) {
  const document: ReportDocument = {
    language: uiLanguageOfReport(settings.language),
    theme: user.theme,
    figures,
    currency: settings.currency,
    pricePerKwh: settings.pricePerKwh,
    vehicleId: settings.vehicleId,
    chargerName: settings.chargerName || battery?.chargerName || '',
    creator: settings.userName || `${user.firstName} ${user.lastName}`.trim(),
    siteName,
    battery: battery ?? { serialNumber: serial },
    source,
    createdAt: Date.now(),
  };
  return document;
}
