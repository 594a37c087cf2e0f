import { START_SOC_BOX_METRICS, type StatisticsResponse, type StatisticsSeries } from '@cbm/contracts/statistics';
import { CHART_SERIES_MAX, SERIES_HUES } from '../../lib/series-hues';

export { CHART_SERIES_MAX };

/** One shade per figure of a series, darkest first (start-SoC buckets are ordered: < 20 % darkest). */
const SHADES = [9, 7, 5, 4, 2];

const isBarMetric = (metric: string) => !(START_SOC_BOX_METRICS as readonly string[]).includes(metric);

const total = (series: StatisticsSeries) =>
  Object.entries(series.values)
    .filter(([metric]) => isBarMetric(metric))
    .reduce((sum, [, values]) => sum + values.reduce<number>((s, v) => s + (v ?? 0), 0), 0);

function sumOf(series: readonly StatisticsSeries[], metric: string, periods: number): (number | null)[] {
  return Array.from({ length: periods }, (_, index) => {
    const values = series.map((entry) => entry.values[metric]?.[index] ?? null).filter((v) => v !== null);
    return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0);
  });
}

/**
 * The response the chart draws: with more than CHART_SERIES_MAX series, the largest (by their summed bar
 * figures, all of them counts, hours, kWh or kg) in their own order and the others added up into one.
 */
export function topSeries(response: StatisticsResponse, othersLabel: string): StatisticsResponse {
  if (response.series.length <= CHART_SERIES_MAX) return response;
  const ranked = [...response.series].sort((a, b) => total(b) - total(a));
  const kept = new Set(ranked.slice(0, CHART_SERIES_MAX - 1));
  const rest = ranked.slice(CHART_SERIES_MAX - 1);
  const metrics = Object.keys(rest[0]?.values ?? {}).filter(isBarMetric);
  const others: StatisticsSeries = {
    key: 'others',
    label: othersLabel,
    values: Object.fromEntries(metrics.map((metric) => [metric, sumOf(rest, metric, response.periods.length)])),
  };
  return { ...response, series: [...response.series.filter((entry) => kept.has(entry)), others] };
}

/** A series' hue, and the shade of its figure when it has several (a Mantine colour like "blue.7"). */
export function seriesColour(series: number, metric: number, metricCount: number): string {
  const hue = SERIES_HUES[series % SERIES_HUES.length] as string;
  return metricCount === 1 ? `${hue}.6` : `${hue}.${SHADES[metric % SHADES.length]}`;
}

/** The figure's swatch in the legend: in the series' hue if there is one series, else in grey. */
export const metricSwatch = (metric: number, seriesCount: number, metricCount: number) =>
  seriesCount === 1 ? seriesColour(0, metric, metricCount) : `gray.${SHADES[metric % SHADES.length]}`;
