import { type ReportSettings, reportFileName, reportLanguageOf } from '@cbm/contracts/reports';
import type { Database } from '../../db/database';
import type { Language } from '../../i18n/messages';
import type { MailAttachment } from '../mail/mail-transport';
import { renderFleetReportPdf } from '../reports/report-fleet-pdf';
import { renderReportPdf } from '../reports/report-pdf';
import {
  type ReportBatteryInfo,
  type ReportSite,
  type ReportUser,
  reportRepository,
} from '../reports/report-repository';
import { figuresFromRollups } from '../reports/report-rollups';
import { reportDocument } from '../reports/report-service';
import { statisticsService } from '../statistics/statistics-service';
import type { ReportPeriod } from './report-period';
import type { DueSchedule } from './report-schedule-repository';

type Figures = Awaited<ReturnType<typeof figuresFromRollups>>;

/** What a schedule's PDFs show, counted once and written in each recipient language. */
export interface ScheduledReportData {
  schedule: DueSchedule;
  period: ReportPeriod;
  site: ReportSite;
  creator: ReportUser;
  batteries: { battery: ReportBatteryInfo; figures: Figures }[];
}

const NO_CREATOR: ReportUser = { firstName: '', lastName: '', theme: 'default' };

/**
 * The figures of the schedule's batteries (a fleet report: every battery of the site now; a battery report: its
 * serials still at the site) over the period, from the roll-ups as the Reporting page counts them.
 */
export async function scheduledReportData(
  db: Database,
  schedule: DueSchedule,
  period: ReportPeriod,
): Promise<ScheduledReportData | undefined> {
  const reports = reportRepository(db);
  const statistics = statisticsService(db);
  const siteId = schedule.operatingSiteId;
  const site = await reports.site(siteId);
  if (!site) return undefined;
  const creator = (schedule.createdById !== null && (await reports.user(schedule.createdById))) || NO_CREATOR;
  const serials =
    schedule.kind === 'fleet'
      ? (await reports.batteries(siteId)).map((battery) => battery.batterySerialNumber)
      : schedule.batterySerials;
  const settings = settingsOf(site, 'en');
  const batteries: ScheduledReportData['batteries'] = [];
  for (const serial of serials) {
    const battery = await reports.battery(siteId, serial);
    if (!battery) continue;
    const figures = await figuresFromRollups({ reports, statistics }, { siteId, serial, settings, period });
    batteries.push({ battery, figures });
  }
  return { schedule, period, site, creator, batteries };
}

const settingsOf = (site: ReportSite, language: Language): ReportSettings => ({
  vehicleId: '',
  userName: '',
  chargerName: '',
  language: reportLanguageOf(language),
  timezone: site.timezone,
  currency: site.currency,
  pricePerKwh: site.pricePerKwh,
});

const pdf = (filename: string, content: Buffer): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

/** The PDFs in one language: the fleet report, or one battery report per serial. */
export async function scheduledReportFiles(data: ScheduledReportData, language: Language): Promise<MailAttachment[]> {
  const { schedule, period, site, creator, batteries } = data;
  const creatorName = `${creator.firstName} ${creator.lastName}`.trim() || schedule.createdBy;
  if (schedule.kind === 'fleet') {
    const content = await renderFleetReportPdf({
      language,
      theme: creator.theme,
      siteName: site.name,
      creator: creatorName,
      fromMs: period.fromMs,
      toMs: period.toMs,
      timeZone: site.timezone,
      batteries: batteries.map(({ battery, figures }) => ({ ...battery, figures })),
      createdAt: Date.now(),
    });
    const name = `fleet-report-${site.name.replace(/[^A-Za-z0-9_-]+/g, '_')}-${period.firstDate}-${period.lastDate}.pdf`;
    return [pdf(name, content)];
  }
  const settings = { ...settingsOf(site, language), userName: creatorName };
  const files: MailAttachment[] = [];
  for (const { battery, figures } of batteries) {
    const document = reportDocument({
      settings,
      figures,
      battery,
      serial: battery.serialNumber,
      siteName: site.name,
      user: creator,
      source: { kind: 'samples' },
    });
    const name = reportFileName(battery.serialNumber, period.firstDate, period.lastDate, 'pdf');
    files.push(pdf(name, await renderReportPdf(document)));
  }
  return files;
}
