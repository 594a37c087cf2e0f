import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { Theme } from '@cbm/contracts/themes';
import PDFDocument from 'pdfkit';
import { type MessageKey, translate } from '../../i18n/messages';
import { FIGURE_DIGITS, hoursText, kwhText } from '../figures/figure-decimals';
import type { FleetLifecycle } from './fleet-lifecycle';
import type { ReportFigures } from './report-figures';
import { writeLifecycleSection } from './report-fleet-lifecycle-pdf';
import { reportFormat } from './report-format';
import { MUTED_COLOR, REPORT_PALETTES, RULE_COLOR, TEXT_COLOR } from './report-pdf-theme';

export interface FleetReportDocument {
  language: UiLanguage;
  theme: Theme;
  siteName: string;
  creator: string;
  fromMs: number;
  toMs: number;
  timeZone: string;
  batteries: { serialNumber: string; name: string; figures: ReportFigures }[];
  /** The lifecycle section after the table: replacement plan and the worst care scores (decision 134). */
  lifecycle?: FleetLifecycle | undefined;
  createdAt: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Left edges of the table's columns: battery, charged, discharged, operating hours, sessions. */
const COLUMNS = [0, 190, 270, 350, 430].map((x) => PAGE.margin + x);
const COLUMN_WIDTH = 75;
const BODY_SIZE = 10;

/**
 * The header row's font size: the body's, smaller where a figure column's longest word would not fit its width
 * (pdfkit breaks a word inside it, e.g. German "Betriebsstunde / n").
 */
function headerSize(doc: PDFKit.PDFDocument, headers: readonly string[]): number {
  doc.font('Helvetica-Bold').fontSize(BODY_SIZE);
  const widest = Math.max(...headers.flatMap((header) => header.split(/\s+/)).map((word) => doc.widthOfString(word)));
  return Math.min(BODY_SIZE, Math.floor(((BODY_SIZE * (COLUMN_WIDTH - 2)) / widest) * 10) / 10);
}

/**
 * The fleet report of a site (scheduled reports, decision 043): one line per battery with the battery report's
 * figures (energy, operating hours, charge sessions) and the fleet's sums, in the language and the site's zone.
 */
export function renderFleetReportPdf(report: FleetReportDocument): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(report.language, `report.${key}` as MessageKey, values);
  const format = reportFormat(report.language, report.timeZone);
  const palette = REPORT_PALETTES[report.theme];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${t('fleetTitle')} ${report.siteName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.rect(0, 0, PAGE.width, 70).fill(palette.dark);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#ffffff').text(palette.brandName, PAGE.margin, 24);
  doc
    .fontSize(14)
    .text(`${t('fleetTitle')} ${report.siteName}`, PAGE.margin, 28, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('Helvetica').fontSize(BODY_SIZE);
  const details: [string, string][] = [
    [t('period'), `${format.dateTime(report.fromMs)} – ${format.dateTime(report.toMs)}`],
    [t('timeZone'), report.timeZone],
    [t('site'), report.siteName],
    [t('creator'), report.creator || t('none')],
    [t('createdAt'), format.dateTime(report.createdAt)],
  ];
  let y = 90;
  for (const [label, value] of details) {
    doc.fillColor(MUTED_COLOR).text(label, PAGE.margin, y, { width: 170 });
    doc.fillColor(TEXT_COLOR).text(value, PAGE.margin + 170, y);
    y += 15;
  }
  y += 10;
  if (report.batteries.length === 0) {
    doc.fillColor(TEXT_COLOR).text(t('fleetNoBatteries'), PAGE.margin, y);
    doc.end();
    return done;
  }

  const kwh = (ukwh: number) => format.decimal(kwhText(ukwh, FIGURE_DIGITS.kwh));
  const hours = (ms: number) => format.decimal(hoursText(ms, FIGURE_DIGITS.hours));
  const line = (cells: string[], bold = false, size = BODY_SIZE) => {
    if (y + 30 > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(TEXT_COLOR);
    cells.forEach((cell, n) => {
      const x = COLUMNS[n] as number;
      doc.text(cell, x, y, n === 0 ? { width: 185 } : { width: COLUMN_WIDTH, align: 'right' });
    });
    y = Math.max(doc.y, y + 14) + 2;
  };
  const headers = [
    t('fleetBattery'),
    `${t('energyCharged')} (kWh)`,
    `${t('energyDischarged')} (kWh)`,
    t('fleetOperatingHours'),
    t('sessionCount'),
  ];
  line(headers, true, headerSize(doc, headers.slice(1)));
  doc.fontSize(BODY_SIZE);
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.7)
    .strokeColor(palette.primary)
    .stroke();
  y += 4;
  const sum = { charged: 0, discharged: 0, operating: 0, sessions: 0 };
  for (const { serialNumber, name, figures } of report.batteries) {
    const { totals } = figures;
    sum.charged += totals.chargedUkwh;
    sum.discharged += totals.dischargedUkwh;
    sum.operating += totals.operatingMs;
    sum.sessions += figures.chargeSessions;
    const label = name && name !== serialNumber ? `${serialNumber} · ${name}` : serialNumber;
    line([
      label,
      kwh(totals.chargedUkwh),
      kwh(totals.dischargedUkwh),
      hours(totals.operatingMs),
      String(figures.chargeSessions),
    ]);
  }
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE_COLOR)
    .stroke();
  y += 4;
  line([t('fleetTotal'), kwh(sum.charged), kwh(sum.discharged), hours(sum.operating), String(sum.sessions)], true);
  if (report.lifecycle) writeLifecycleSection(doc, y + 16, { t, format, palette, lifecycle: report.lifecycle });
  doc.end();
  return done;
}
