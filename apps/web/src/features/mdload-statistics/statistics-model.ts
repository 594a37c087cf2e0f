import type { MdloadConsumption, MdloadPower, MdloadStartSoc, StartSocBucket } from '@cbm/contracts/mdload-statistics';

import { CHART_SERIES_MAX, SERIES_HUES } from '../../lib/series-hues';

const colorAt = (index: number) => `${SERIES_HUES[index % SERIES_HUES.length]}.6`;
/** The series key of the units beyond the chart's largest ones, added up. */
export const OTHER_UNITS = 'others';

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface Chart {
  data: Record<string, string | number>[];
  series: ChartSeries[];
}

interface Unit {
  mdLoadSerial: string;
  name: string;
}

/**
 * The units the chart draws: all of them up to CHART_SERIES_MAX, else the largest by `size` in their own order
 * and the rest as one series (their kWh or kW added up), so that no two units share a colour.
 */
function chartUnits(units: readonly Unit[], size: (serial: string) => number, othersLabel: string) {
  const keyOf = new Map(units.map((unit) => [unit.mdLoadSerial, unit.mdLoadSerial]));
  if (units.length > CHART_SERIES_MAX) {
    const ranked = [...units].sort((a, b) => size(b.mdLoadSerial) - size(a.mdLoadSerial));
    for (const unit of ranked.slice(CHART_SERIES_MAX - 1)) keyOf.set(unit.mdLoadSerial, OTHER_UNITS);
  }
  const kept = units.filter((unit) => keyOf.get(unit.mdLoadSerial) === unit.mdLoadSerial);
  const series: ChartSeries[] = kept.map((unit, index) => ({
    name: unit.mdLoadSerial,
    label: unit.name,
    color: colorAt(index),
  }));
  if (kept.length < units.length) series.push({ name: OTHER_UNITS, label: othersLabel, color: 'gray.6' });
  return { series, keyOf: (serial: string) => keyOf.get(serial) ?? OTHER_UNITS };
}

const addTo = (row: Record<string, string | number>, key: string, value: number) => {
  row[key] = Number((Number(row[key] ?? 0) + value).toFixed(2));
};

/** One bar per local day, stacked by unit; `day` formats the YYYY-MM-DD date for the axis. */
export function consumptionChart(
  consumption: MdloadConsumption,
  day: (date: string) => string,
  othersLabel: string,
): Chart {
  const totals = new Map<string, number>();
  for (const entry of consumption.days)
    for (const unit of entry.units) totals.set(unit.mdLoadSerial, (totals.get(unit.mdLoadSerial) ?? 0) + unit.kwh);
  const { series, keyOf } = chartUnits(consumption.units, (serial) => totals.get(serial) ?? 0, othersLabel);
  return {
    series,
    data: consumption.days.map((entry) => {
      const row: Record<string, string | number> = { day: day(entry.date) };
      for (const unit of entry.units) addTo(row, keyOf(unit.mdLoadSerial), unit.kwh);
      return row;
    }),
  };
}

/** One point per hour or day with each unit's average power; `time` formats a bucket start (unix seconds). */
export function powerChart(power: MdloadPower, time: (seconds: number) => string, othersLabel: string): Chart {
  const sizes = new Map(
    power.units.map((unit) => [unit.mdLoadSerial, unit.points.reduce((sum, point) => sum + point.avgPowerKw, 0)]),
  );
  const { series, keyOf } = chartUnits(power.units, (serial) => sizes.get(serial) ?? 0, othersLabel);
  const rows = new Map<number, Record<string, string | number>>();
  for (const unit of power.units) {
    for (const point of unit.points) {
      const row = rows.get(point.time) ?? { time: time(point.time) };
      addTo(row, keyOf(unit.mdLoadSerial), point.avgPowerKw);
      rows.set(point.time, row);
    }
  }
  return { series, data: [...rows].sort(([a], [b]) => a - b).map(([, row]) => row) };
}

export const START_SOC_LABELS: Record<StartSocBucket, string> = {
  lt20: '< 20 %',
  lt40: '< 40 %',
  lt60: '< 60 %',
  lt80: '< 80 %',
  le100: '≤ 100 %',
};
const BUCKET_COLORS: Record<StartSocBucket, string> = {
  lt20: 'red.6',
  lt40: 'orange.6',
  lt60: 'yellow.6',
  lt80: 'lime.6',
  le100: 'green.6',
};

/** Sessions per start-SoC bucket in all (one bar each), and per station (stacked by bucket). */
export function startSocCharts(startSoc: MdloadStartSoc, sessionsLabel: string) {
  const buckets: Chart = {
    series: [{ name: 'sessions', label: sessionsLabel, color: 'blue.6' }],
    data: startSoc.buckets.map(({ bucket, count }) => ({ bucket: START_SOC_LABELS[bucket], sessions: count })),
  };
  const stations: Chart = {
    series: startSoc.buckets.map(({ bucket }) => ({
      name: bucket,
      label: START_SOC_LABELS[bucket],
      color: BUCKET_COLORS[bucket],
    })),
    data: startSoc.stations.map((station) => ({
      station: station.name,
      ...Object.fromEntries(station.buckets.map(({ bucket, count }) => [bucket, count])),
    })),
  };
  return { buckets, stations };
}
