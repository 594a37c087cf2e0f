import { type ReportSettings, uiLanguageOfReport } from '@cbm/contracts/reports';
import { toReportPoint } from './report-csv';
import { type CsvSource, parseReportCsv, ReportCsvError } from './report-csv-parser';
import { type Period, type ReportFigures, reportAccumulator } from './report-figures';
import type { ReportDocument } from './report-pdf';
import type { ReportBatteryInfo } from './report-repository';

/**
 * The figures of an uploaded datalog through the roll-up logic (report-figures.ts): the intervals inside
 * the period count, also the parts inside it of intervals across its edges (the datalog holds the samples
 * just outside its period); without a period, the file from its first to its last sample.
 */
export async function figuresFromCsv(
  data: CsvSource,
  settings: ReportSettings,
  period: Period | undefined,
): Promise<{ serial: string; figures: ReportFigures }> {
  let accumulator: ReturnType<typeof reportAccumulator> | undefined;
  let serial = '';
  for await (const batch of parseReportCsv(data)) {
    serial ||= batch[0]?.serialNumber ?? '';
    accumulator ??= reportAccumulator(serial, settings.timezone, period);
    accumulator.add(batch.map(toReportPoint));
  }
  const figures = accumulator?.figures();
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
  requested?: ReportDocument['requested'];
}

/** Empty texts fall back to what CBM knows: the battery's charger, the signed-in user's name. */
export function reportDocument(parts: DocumentParts) {
  const { settings, figures, battery, serial, siteName, user, source, requested } = parts;
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
    ...(requested ? { requested } : {}),
    createdAt: Date.now(),
  };
  return document;
}
