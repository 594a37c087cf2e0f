import { FLEET_REPORT_WORST_CARE, type FleetLifecycle } from './fleet-lifecycle';
import type { ReportFormat } from './report-format';
import { MUTED_COLOR, type ReportPalette, TEXT_COLOR } from './report-pdf-theme';

type Translate = (key: string, values?: Record<string, string | number>) => string;

interface SectionContext {
  /** The fleet report's texts (report.*). */
  t: Translate;
  format: ReportFormat;
  palette: ReportPalette;
  lifecycle: FleetLifecycle;
}

/** A column's width in points, and whether its figures align right. */
type Column = { width: number; right?: boolean };

const SIZE = 9;
const HOUR_MS = 3_600_000;
const HORIZON_COLUMNS: Column[] = [
  { width: 170 },
  { width: 100 },
  { width: 80, right: true },
  { width: 145, right: true },
];
const DUE_COLUMNS: Column[] = [{ width: 170 }, { width: 155 }, { width: 80 }, { width: 90, right: true }];
const CARE_COLUMNS: Column[] = [
  { width: 140 },
  { width: 50, right: true },
  { width: 95 },
  { width: 70, right: true },
  { width: 70, right: true },
  { width: 70, right: true },
];

const label = (serialNumber: string, name: string) =>
  name && name !== serialNumber ? `${serialNumber} · ${name}` : serialNumber;

/** Writes rows down the page from `y`, starting a new page where the next one would not fit. */
function writer(doc: PDFKit.PDFDocument, startY: number, palette: ReportPalette) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = startY;
  const room = (height: number) => {
    if (y + height <= doc.page.height - doc.page.margins.bottom) return;
    doc.addPage();
    y = doc.page.margins.top;
  };
  const text = (value: string, font: string, size: number, color: string, gap: number) => {
    room(size * 3);
    doc.font(font).fontSize(size).fillColor(color).text(value, left, y, { width });
    y = doc.y + gap;
  };
  return {
    heading: (value: string) => text(value, 'Helvetica-Bold', 14, palette.dark, 6),
    subheading: (value: string) => text(value, 'Helvetica-Bold', 11, TEXT_COLOR, 3),
    note: (value: string) => text(value, 'Helvetica', SIZE, MUTED_COLOR, 5),
    gap: (points: number) => {
      y += points;
    },
    /** A header row is bold, smaller where a word would not fit its column (pdfkit would break inside it). */
    row(columns: readonly Column[], cells: readonly string[], header = false) {
      room(SIZE * 3);
      doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fillColor(TEXT_COLOR);
      doc.fontSize(header ? fittingSize(doc, columns, cells) : SIZE);
      let x = left;
      let bottom = y + SIZE + 3;
      cells.forEach((cell, n) => {
        const column = columns[n] as Column;
        doc.text(cell, x, y, { width: column.width - 4, align: column.right ? 'right' : 'left' });
        bottom = Math.max(bottom, doc.y);
        x += column.width;
      });
      y = bottom + 2;
    },
  };
}

type Writer = ReturnType<typeof writer>;

/** The largest size up to SIZE at which every word of the cells fits its column, in the current font. */
function fittingSize(doc: PDFKit.PDFDocument, columns: readonly Column[], cells: readonly string[]): number {
  doc.fontSize(SIZE);
  const ratios = cells.flatMap((cell, n) =>
    cell.split(/\s+/).map((word) => ((columns[n] as Column).width - 4) / Math.max(1, doc.widthOfString(word))),
  );
  return Math.min(SIZE, Math.floor(SIZE * Math.min(...ratios) * 10) / 10);
}

/**
 * The fleet report's lifecycle section (decision 134): the replacement plan's 3/6/12-month horizons with their cost
 * and the batteries due, then the worst of the period's care ranking — the Battery care page's figures.
 */
export function writeLifecycleSection(doc: PDFKit.PDFDocument, y: number, context: SectionContext): void {
  const out = writer(doc, y, context.palette);
  out.heading(context.t('lifecycle.title'));
  writePlan(out, context);
  out.gap(10);
  writeCare(out, context);
}

function writePlan(out: Writer, { t, format, lifecycle: { plan } }: SectionContext) {
  const money = (value: number | null) =>
    value === null ? t('lifecycle.noPrice') : format.money(value, plan.currency);
  out.subheading(t('lifecycle.replacementTitle', { today: format.localDate(plan.today) }));
  out.note(t('lifecycle.replacementIntro'));
  out.row(HORIZON_COLUMNS, ['', t('lifecycle.until'), t('lifecycle.batteries'), t('lifecycle.cost')], true);
  for (const horizon of plan.horizons) {
    const within = t('lifecycle.within', { months: horizon.months });
    out.row(HORIZON_COLUMNS, [within, format.localDate(horizon.until), String(horizon.batteries), money(horizon.cost)]);
  }
  out.gap(6);
  if (plan.batteries.length === 0) out.note(t('lifecycle.noneDue'));
  else {
    out.row(DUE_COLUMNS, [t('fleetBattery'), t('lifecycle.reason'), t('lifecycle.due'), t('lifecycle.cost')], true);
    for (const battery of plan.batteries) {
      const due = battery.status === 'reached' ? t('lifecycle.now') : format.localDate(battery.date);
      const reason = t(`lifecycle.reasons.${battery.reason}`);
      out.row(DUE_COLUMNS, [label(battery.serialNumber, battery.batteryName), reason, due, money(battery.cost)]);
    }
  }
  if (plan.notEnoughHistory > 0) out.note(t('lifecycle.tooShort', { count: plan.notEnoughHistory }));
}

function writeCare(out: Writer, { t, format, lifecycle: { worstCare } }: SectionContext) {
  out.subheading(t('lifecycle.careTitle', { count: FLEET_REPORT_WORST_CARE }));
  out.note(t('lifecycle.careIntro'));
  if (worstCare.length === 0) return out.note(t('lifecycle.careNone'));
  const headers = ['fleetBattery', 'lifecycle.score', 'lifecycle.mainReason', 'lifecycle.deepDischarges'];
  out.row(
    CARE_COLUMNS,
    [...headers, 'lifecycle.hotHours', 'lifecycle.deepSleepRisks'].map((key) => t(key)),
    true,
  );
  for (const battery of worstCare) {
    const { counters } = battery;
    out.row(CARE_COLUMNS, [
      label(battery.serialNumber, battery.batteryName),
      String(battery.careScore),
      battery.reason ? t(`lifecycle.careReasons.${battery.reason}`) : t('none'),
      String(counters.deepDischarges),
      format.number(counters.hotMs / HOUR_MS, 1),
      String(counters.deepSleepRisks),
    ]);
  }
}
