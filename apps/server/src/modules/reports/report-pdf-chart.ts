import type { ReportDay } from './report-figures';
import type { ReportFormat } from './report-format';
import { MUTED_COLOR, type ReportPalette, RULE_COLOR, TEXT_COLOR } from './report-pdf-theme';

export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round axis step (1, 2 or 5 × 10^n) giving about four grid lines up to `max`. */
export function axisStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw);
  return step ?? 10 * magnitude;
}

/** Daily charged and discharged kWh as vector bars, with a value axis, date labels and a legend. */
export function drawDailyChart(
  doc: PDFKit.PDFDocument,
  days: readonly ReportDay[],
  box: ChartBox,
  palette: ReportPalette,
  format: ReportFormat,
  legend: { charged: string; discharged: string },
): void {
  const axisWidth = 40;
  const labelHeight = 28;
  const plot = { x: box.x + axisWidth, y: box.y, width: box.width - axisWidth, height: box.height - labelHeight };
  const max = Math.max(0, ...days.flatMap((day) => [day.chargedKwh, day.dischargedKwh]));
  const step = axisStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const yOf = (value: number) => plot.y + plot.height - (value / top) * plot.height;

  doc.fontSize(7).fillColor(MUTED_COLOR).lineWidth(0.5);
  for (let value = 0; value <= top + step / 2; value += step) {
    const y = yOf(value);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .strokeColor(RULE_COLOR)
      .stroke();
    doc.text(format.number(value, 0), box.x, y - 3, { width: axisWidth - 4, align: 'right', lineBreak: false });
  }

  const slot = plot.width / Math.max(1, days.length);
  const barWidth = Math.max(0.3, (slot * 0.8) / 2);
  days.forEach((day, n) => {
    const x = plot.x + n * slot + slot * 0.1;
    for (const [value, color, offset] of [
      [day.chargedKwh, palette.primary, 0],
      [day.dischargedKwh, palette.secondary, barWidth],
    ] as const) {
      if (value <= 0) continue;
      doc.rect(x + offset, yOf(value), barWidth, plot.y + plot.height - yOf(value)).fill(color);
    }
  });

  const every = Math.max(1, Math.ceil(days.length / 8));
  doc.fillColor(MUTED_COLOR).fontSize(7);
  days.forEach((day, n) => {
    if (n % every !== 0) return;
    const x = plot.x + n * slot;
    doc.text(format.localDate(day.date), x - 20, plot.y + plot.height + 4, {
      width: 40 + slot,
      align: 'center',
      lineBreak: false,
    });
  });

  const legendY = box.y + box.height - 10;
  doc.rect(plot.x, legendY, 8, 8).fill(palette.primary);
  doc.fillColor(TEXT_COLOR).text(legend.charged, plot.x + 12, legendY, { lineBreak: false });
  const next = plot.x + 24 + doc.widthOfString(legend.charged);
  doc.rect(next, legendY, 8, 8).fill(palette.secondary);
  doc.fillColor(TEXT_COLOR).text(legend.discharged, next + 12, legendY, { lineBreak: false });
}

/** Horizontal bars: one per start-SoC bucket, with its count. */
export function drawBuckets(
  doc: PDFKit.PDFDocument,
  buckets: readonly { label: string; count: number }[],
  box: { x: number; y: number; width: number },
  color: string,
): number {
  const labelWidth = 80;
  const countWidth = 40;
  const barSpace = box.width - labelWidth - countWidth;
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  let y = box.y;
  doc.fontSize(9);
  for (const bucket of buckets) {
    doc.fillColor(TEXT_COLOR).text(bucket.label, box.x, y, { width: labelWidth, lineBreak: false });
    const width = (bucket.count / max) * barSpace;
    if (width > 0) doc.rect(box.x + labelWidth, y, width, 9).fill(color);
    doc.fillColor(TEXT_COLOR).text(String(bucket.count), box.x + labelWidth + barSpace + 4, y, {
      width: countWidth - 4,
      align: 'right',
      lineBreak: false,
    });
    y += 14;
  }
  return y;
}
