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
import { type FleetLifecycle, fleetLifecycle } from './fleet-lifecycle';

type Figures = Awaited<ReturnType<typeof figuresFromRollups>>;

/** A fleet or battery report of a closed period (scheduled reports, decision 043). */
export interface PeriodReportRequest {
  operatingSiteId: number;
  kind: 'fleet' | 'battery';
  batterySerials: readonly string[];
  /** Who asked for it: the PDF names them and takes their theme. */
  createdById: number | null;
  createdBy: string;
  /** Local dates (last inclusive) and the instants [fromMs, toMs) they cover. */
  period: { firstDate: string; lastDate: string; fromMs: number; toMs: number };
}

/** What the PDFs of a period show, counted once and written in each language asked for. */
export interface PeriodReportData {
  request: PeriodReportRequest;
  site: ReportSite;
  creator: ReportUser;
  batteries: { battery: ReportBatteryInfo; figures: Figures }[];
  /** A fleet report's lifecycle section (decision 134). */
  lifecycle?: FleetLifecycle;
}

const NO_CREATOR: ReportUser = { firstName: '', lastName: '', theme: 'default' };

/**
 * The figures of the report's batteries (a fleet report: every battery of the site now; a battery report: its
 * serials still at the site) over the period, from the roll-ups as the Reporting page counts them.
 */
export async function periodReportData(
  db: Database,
  request: PeriodReportRequest,
): Promise<PeriodReportData | undefined> {
  const { period } = request;
  const reports = reportRepository(db);
  const statistics = statisticsService(db);
  const siteId = request.operatingSiteId;
  const site = await reports.site(siteId);
  if (!site) return undefined;
  const creator = (request.createdById !== null && (await reports.user(request.createdById))) || NO_CREATOR;
  const serials =
    request.kind === 'fleet'
      ? (await reports.batteries(siteId)).map((battery) => battery.batterySerialNumber)
      : request.batterySerials;
  const settings = settingsOf(site, 'en');
  const batteries: PeriodReportData['batteries'] = [];
  for (const serial of serials) {
    const battery = await reports.battery(siteId, serial);
    if (!battery) continue;
    const figures = await figuresFromRollups({ reports, statistics }, { siteId, serial, settings, period });
    batteries.push({ battery, figures });
  }
  if (request.kind === 'battery') return { request, site, creator, batteries };
  const today = new Date().toISOString().slice(0, 10);
  const lifecycle = await fleetLifecycle(db, siteId, site.timezone, period, today);
  return { request, site, creator, batteries, lifecycle };
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
export async function periodReportFiles(data: PeriodReportData, language: Language): Promise<MailAttachment[]> {
  const { request, site, creator, batteries, lifecycle } = data;
  const { period } = request;
  const creatorName = `${creator.firstName} ${creator.lastName}`.trim() || request.createdBy;
  if (request.kind === 'fleet') {
    const content = await renderFleetReportPdf({
      language,
      theme: creator.theme,
      siteName: site.name,
      creator: creatorName,
      fromMs: period.fromMs,
      toMs: period.toMs,
      timeZone: site.timezone,
      batteries: batteries.map(({ battery, figures }) => ({ ...battery, figures })),
      lifecycle,
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
