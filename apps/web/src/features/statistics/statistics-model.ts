import { UNGROUPED } from '@cbm/contracts/battery-groups';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import {
  START_SOC_BOX_METRICS,
  STATISTICS_METRICS,
  type StatisticsBattery,
  type StatisticsGranularity,
  type StatisticsResponse,
} from '@cbm/contracts/statistics';
import { formatDate } from '../../lib/dates';
import { formatNumberText } from '../../lib/number-text';
import { metricSwatch, seriesColour } from './chart-series';

/** A period's first day as the chart and table show it: the date, "week of" the Monday, the month. */
export function periodLabel(
  period: string,
  granularity: StatisticsGranularity,
  language: UiLanguage,
  weekOf: (date: string) => string,
): string {
  if (granularity === 'day') return formatDate(period, language);
  if (granularity === 'week') return weekOf(formatDate(period, language));
  const [year, month] = period.split('-');
  return language === 'de' ? `${month}.${year}` : `${month}-${year}`;
}

/**
 * Half up at two decimals from the number's decimal digits — the exact text the JSON carried, which String
 * gives back for up to 15 significant digits — not from value × 100 in binary (1.005 → 1.01, not 1).
 */
function roundedHalfUp(value: number): number {
  const text = String(Math.abs(value));
  // Exponent form: below 1e-6 (rounds to 0) or above 1e21 (no decimals).
  if (text.includes('e')) return Math.round(value * 100) / 100;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  return (value < 0 ? -1 : 1) * Number(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/** Numbers in the UI language, at most two decimals rounded half up, no grouping (lib/number-text). */
export const formatFigure = (value: number | null, language: UiLanguage) =>
  value === null ? '–' : formatNumberText(roundedHalfUp(value), language);

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
  stackId?: string;
}

export interface LegendEntry {
  label: string;
  color: string;
}

export interface ChartModel {
  rows: Record<string, string | number | null>[];
  series: ChartSeries[];
  stacked: boolean;
  /** One entry per series (hue) when there are several, one per figure (shade) when there are several. */
  legend: { series: LegendEntry[]; metrics: LegendEntry[] };
}

/**
 * The bars of a response: x is the period; per series (organisation, group or battery) one bar per figure,
 * stacked per series where the figures add up (start-SoC buckets, hours below/above 20 %). Box-plot figures
 * are drawn by the box plot, not as bars.
 */
export function chartModel(
  response: StatisticsResponse,
  periodText: (period: string) => string,
  metricText: (metric: string) => string,
): ChartModel {
  const metrics = (STATISTICS_METRICS[response.type] as readonly string[]).filter(
    (metric) => !(START_SOC_BOX_METRICS as readonly string[]).includes(metric),
  );
  const stacked = response.type === 'startsoc' || response.type === 'availability';
  const single = response.series.length === 1;
  const series = response.series.flatMap((entry, n) =>
    metrics.map((metric, m) => ({
      name: `s${n}_${metric}`,
      label: single
        ? metricText(metric)
        : metrics.length === 1
          ? entry.label
          : `${entry.label} – ${metricText(metric)}`,
      color: seriesColour(n, m, metrics.length),
      ...(stacked ? { stackId: `s${n}` } : {}),
    })),
  );
  const rows = response.periods.map((period, index) => {
    const row: Record<string, string | number | null> = { period: periodText(period) };
    response.series.forEach((entry, n) => {
      for (const metric of metrics) row[`s${n}_${metric}`] = entry.values[metric]?.[index] ?? null;
    });
    return row;
  });
  const legend = {
    series: single ? [] : response.series.map((entry, n) => ({ label: entry.label, color: seriesColour(n, 0, 1) })),
    metrics:
      metrics.length === 1
        ? []
        : metrics.map((metric, m) => ({
            label: metricText(metric),
            color: metricSwatch(m, response.series.length, metrics.length),
          })),
  };
  return { rows, series, stacked, legend };
}

/** Whether a response has anything to show: a figure other than 0 or null. */
export const hasData = (response: StatisticsResponse) =>
  response.series.some((entry) =>
    Object.values(entry.values).some((values) => values.some((v) => v !== null && v !== 0)),
  );

/** The groups among the site's batteries by name, Ungrouped (`ungroupedLabel`) last when a battery has none. */
export function groupsOf(
  batteries: readonly StatisticsBattery[],
  ungroupedLabel: string,
): { value: string; label: string }[] {
  const groups = new Map<number, string>();
  for (const battery of batteries) if (battery.groupId !== null) groups.set(battery.groupId, battery.groupName ?? '');
  const named = [...groups]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const anyUngrouped = batteries.some((battery) => battery.groupId === null);
  return anyUngrouped ? [...named, { value: UNGROUPED, label: ungroupedLabel }] : named;
}
