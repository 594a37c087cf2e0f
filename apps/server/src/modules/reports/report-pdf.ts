import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { Theme } from '@cbm/contracts/themes';
import PDFDocument from 'pdfkit';
import { type MessageKey, translate } from '../../i18n/messages';
import { nextDate } from '../battery-days/local-days';
import { co2KgText, costText, FIGURE_DIGITS, hoursText, kwhText } from '../figures/figure-decimals';
import type { ReportFigures } from './report-figures';
import { type ReportFormat, reportFormat } from './report-format';
import { drawBuckets, drawDailyChart } from './report-pdf-chart';
import { MUTED_COLOR, REPORT_PALETTES, type ReportPalette, RULE_COLOR, TEXT_COLOR } from './report-pdf-theme';
import type { ReportBatteryInfo } from './report-repository';

/** One of the battery's stored events in the period (decision 116), its texts in the report's language. */
export interface ReportEvent {
  ts: string;
  type: string;
  code: string;
  description: string;
  phase: string;
}

export interface ReportDocument {
  language: UiLanguage;
  theme: Theme;
  figures: ReportFigures;
  currency: string;
  pricePerKwh: number;
  vehicleId: string;
  chargerName: string;
  creator: string;
  siteName: string;
  battery: Partial<ReportBatteryInfo> & { serialNumber: string };
  /** Stored samples, or the name of the uploaded datalog. */
  source: { kind: 'samples' } | { kind: 'csv'; fileName: string };
  /** The newest stored events of the period (stored samples only; an uploaded datalog has none). */
  events?: { newest: ReportEvent[]; truncated: boolean };
  /** The period asked for, where the figures cover only its whole hours (decision 087). */
  requested?: { fromMs: number; toMs: number };
  createdAt: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 170;
const BUCKET_LABELS = ['0–20 %', '20–40 %', '40–60 %', '60–80 %', '80–100 %'];

type Row = [label: string, value: string];
type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The printable A4 report (pdfkit, built-in Helvetica), in the report's language, zone and the user's theme. */
export function renderReportPdf(report: ReportDocument): Promise<Buffer> {
  const t: Translate = (key, values) => translate(report.language, `report.${key}` as MessageKey, values);
  const format = reportFormat(report.language, report.figures.timeZone);
  const palette = REPORT_PALETTES[report.theme];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${t('title')} ${report.battery.serialNumber}`, Author: report.creator, Creator: palette.brandName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, palette, t('title'), report.battery.serialNumber);
  let y = 90;
  y = rows(doc, y, detailRows(report, format, t));
  const notice = missingNotice(report.figures, format, t);
  if (notice) {
    doc
      .fontSize(11)
      .fillColor(palette.dark)
      .text(notice, PAGE.margin, y + 6, { width: CONTENT_WIDTH });
    y = doc.y + 4;
  }
  y = rows(doc, heading(doc, y, t('energy'), palette), energyRows(report, format, t));
  y = rows(doc, heading(doc, y, t('sessions'), palette), [[t('sessionCount'), String(report.figures.chargeSessions)]]);
  doc
    .fontSize(9)
    .fillColor(MUTED_COLOR)
    .text(t('startSoc'), PAGE.margin, y + 2);
  const buckets = report.figures.startSocBuckets.map((count, n) => ({ label: BUCKET_LABELS[n] ?? '', count }));
  y = drawBuckets(doc, buckets, { x: PAGE.margin, y: y + 16, width: CONTENT_WIDTH }, palette.primary);
  y = rows(doc, heading(doc, y, t('hours'), palette), hourRows(report, format, t));

  if (y + 260 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  y = heading(doc, y, t('daily'), palette);
  drawDailyChart(
    doc,
    report.figures.days,
    { x: PAGE.margin, y: y + 4, width: CONTENT_WIDTH, height: 220 },
    palette,
    format,
    {
      charged: t('energyCharged'),
      discharged: t('energyDischarged'),
    },
  );
  if (report.events) {
    const { newest, truncated } = report.events;
    doc.addPage();
    y = heading(doc, PAGE.margin - 12, t('events', { timeZone: report.figures.timeZone }), palette);
    y = rows(doc, y, newest.length === 0 ? [[t('noEvents'), '']] : eventRows(newest, format));
    if (truncated)
      doc
        .fontSize(9)
        .fillColor(MUTED_COLOR)
        .text(t('eventsTruncated', { count: newest.length }), PAGE.margin, y + 2);
  }
  footers(doc, palette, t, report.battery.serialNumber);
  doc.end();
  return done;
}

function detailRows(report: ReportDocument, format: ReportFormat, t: Translate): Row[] {
  const { figures, battery } = report;
  const none = t('none');
  const unit = (value: number | null | undefined, suffix: string) =>
    value === null || value === undefined ? none : `${format.number(value, 1)} ${suffix}`;
  const source =
    report.source.kind === 'csv'
      ? t('sourceCsv', { file: report.source.fileName, count: figures.samples })
      : t('sourceSamples', { count: figures.samples });
  const { requested } = report;
  const narrowed = requested && (requested.fromMs !== figures.fromMs || requested.toMs !== figures.toMs);
  return [
    [t('period'), `${format.dateTime(figures.fromMs)} – ${format.dateTime(figures.toMs)}`],
    ...(narrowed
      ? [[t('requestedPeriod'), `${format.dateTime(requested.fromMs)} – ${format.dateTime(requested.toMs)}`] as Row]
      : []),
    [t('timeZone'), figures.timeZone],
    [t('vehicle'), report.vehicleId || none],
    [t('serialNumber'), battery.serialNumber],
    [t('batteryName'), battery.name || none],
    [t('batteryType'), [battery.batteryType, battery.product].filter(Boolean).join(' · ') || none],
    [t('nominalEnergy'), unit(battery.nominalEnergyKwh, 'kWh')],
    [t('capacity'), unit(battery.capacityAh, 'Ah')],
    [t('nominalVoltage'), unit(battery.nominalVoltage, 'V')],
    [t('cellType'), battery.cellType || none],
    [t('charger'), report.chargerName || none],
    [t('site'), report.siteName],
    [t('creator'), report.creator || none],
    [t('createdAt'), format.dateTime(report.createdAt)],
    [t('source'), source],
  ];
}

/** "No data …" for the whole period, or the local dates without any data, ranges joined (en/de). */
function missingNotice(figures: ReportFigures, format: ReportFormat, t: Translate): string | undefined {
  const missing = figures.missingDates;
  if (missing.length === 0) return undefined;
  if (missing.length === figures.days.length) return t('noData');
  const runs: string[][] = [];
  for (const date of missing) {
    const run = runs.at(-1);
    if (run && nextDate(run.at(-1) as string) === date) run.push(date);
    else runs.push([date]);
  }
  const text = runs.map((run) =>
    run.length === 1
      ? format.localDate(run[0] as string)
      : `${format.localDate(run[0] as string)} – ${format.localDate(run.at(-1) as string)}`,
  );
  return t('missingDays', { days: text.join(', ') });
}

/** Figures are written from their exact integers, rounded half up once (docs/reports.md, "Figures"). */
function energyRows(report: ReportDocument, format: ReportFormat, t: Translate): Row[] {
  const { totals } = report.figures;
  const price = format.money(report.pricePerKwh, report.currency, 4);
  const cost = costText(totals.chargedUkwh, report.pricePerKwh, format.currencyDigits(report.currency));
  return [
    [t('energyCharged'), `${format.decimal(kwhText(totals.chargedUkwh, FIGURE_DIGITS.kwh))} kWh`],
    [t('energyDischarged'), `${format.decimal(kwhText(totals.dischargedUkwh, FIGURE_DIGITS.kwh))} kWh`],
    [t('cost'), `${format.money(cost, report.currency)} (${t('costNote', { price })})`],
    [t('co2'), `${format.decimal(co2KgText(totals.chargedUkwh, FIGURE_DIGITS.kg))} kg (${t('co2Note')})`],
  ];
}

/** Time to the second in the report's zone, then type, code, description and whether it was raised or cleared. */
const eventRows = (events: readonly ReportEvent[], format: ReportFormat): Row[] =>
  events.map((event) => [
    format.moment(Date.parse(event.ts)),
    `${event.type} ${event.code} – ${event.description} (${event.phase})`,
  ]);

function hourRows(report: ReportDocument, format: ReportFormat, t: Translate): Row[] {
  const { figures } = report;
  const { totals } = figures;
  const hours = (ms: number) => `${format.decimal(hoursText(ms, FIGURE_DIGITS.hours))} h`;
  const soc = (value: number | null) => (value === null ? t('none') : `${format.number(value, 1)} %`);
  return [
    [t('operating'), hours(totals.operatingMs)],
    [t('charging'), hours(totals.chargingMs)],
    [t('discharging'), hours(totals.dischargingMs)],
    [t('standby'), hours(totals.standbyMs)],
    [t('idle'), hours(totals.idleMs)],
    [t('error'), hours(totals.errorMs)],
    [t('offline'), hours(totals.offlineMs)],
    [t('soc'), `${soc(figures.minSoc)} / ${soc(figures.maxSoc)}`],
    [t('soh'), soc(figures.soh)],
  ];
}

function header(doc: PDFKit.PDFDocument, palette: ReportPalette, title: string, serial: string): void {
  doc.rect(0, 0, PAGE.width, 70).fill(palette.dark);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#ffffff').text(palette.brandName, PAGE.margin, 24);
  doc.fontSize(14).text(`${title} ${serial}`, PAGE.margin, 28, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('Helvetica');
}

function heading(doc: PDFKit.PDFDocument, y: number, text: string, palette: ReportPalette): number {
  let top = y + 12;
  if (top + 60 > PAGE.height - PAGE.margin) {
    doc.addPage();
    top = PAGE.margin;
  }
  doc.font('Helvetica-Bold').fontSize(12).fillColor(palette.dark).text(text, PAGE.margin, top);
  doc
    .moveTo(PAGE.margin, top + 16)
    .lineTo(PAGE.width - PAGE.margin, top + 16)
    .lineWidth(0.7);
  doc.strokeColor(palette.primary).stroke();
  doc.font('Helvetica');
  return top + 22;
}

/** Label and value on one line, so that the text of the PDF reads "Energy charged 12.34 kWh". */
function rows(doc: PDFKit.PDFDocument, y: number, items: Row[]): number {
  let top = y;
  doc.fontSize(10);
  for (const [label, value] of items) {
    if (top + 30 > PAGE.height - PAGE.margin) {
      doc.addPage();
      top = PAGE.margin;
    }
    doc.fillColor(MUTED_COLOR).text(label, PAGE.margin, top, { width: LABEL_WIDTH });
    doc.fillColor(TEXT_COLOR).text(value, PAGE.margin + LABEL_WIDTH, top, { width: CONTENT_WIDTH - LABEL_WIDTH });
    top = Math.max(doc.y, top + 14) + 1;
  }
  return top;
}

function footers(doc: PDFKit.PDFDocument, palette: ReportPalette, t: Translate, serial: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let n = start; n < start + count; n++) {
    doc.switchToPage(n);
    // Text below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 35;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE_COLOR)
      .stroke();
    doc.fontSize(8).fillColor(MUTED_COLOR);
    doc.text(`${palette.brandName} · ${serial}`, PAGE.margin, y, { lineBreak: false });
    doc.text(t('page', { n: n + 1, total: count }), PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}
