import type { MdloadConsumption, MdloadPower, MdloadStartSoc, StartSocBucket } from '@cbm/contracts/mdload-statistics';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6'];
const colorAt = (index: number) => COLORS[index % COLORS.length] as string;

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface Chart {
  data: Record<string, string | number>[];
  series: ChartSeries[];
}

const unitSeries = (units: readonly { mdLoadSerial: string; name: string }[]): ChartSeries[] =>
  units.map((unit, index) => ({ name: unit.mdLoadSerial, label: unit.name, color: colorAt(index) }));

/** One bar per local day, stacked by unit; `day` formats the YYYY-MM-DD date for the axis. */
export function consumptionChart(consumption: MdloadConsumption, day: (date: string) => string): Chart {
  return {
    series: unitSeries(consumption.units),
    data: consumption.days.map((entry) => ({
      day: day(entry.date),
      ...Object.fromEntries(entry.units.map((unit) => [unit.mdLoadSerial, Number(unit.kwh.toFixed(2))])),
    })),
  };
}

/** One point per hour or day with each unit's average power; `time` formats a bucket start (unix seconds). */
export function powerChart(power: MdloadPower, time: (seconds: number) => string): Chart {
  const rows = new Map<number, Record<string, string | number>>();
  for (const unit of power.units) {
    for (const point of unit.points) {
      const row = rows.get(point.time) ?? { time: time(point.time) };
      row[unit.mdLoadSerial] = Number(point.avgPowerKw.toFixed(2));
      rows.set(point.time, row);
    }
  }
  return {
    series: unitSeries(power.units),
    data: [...rows].sort(([a], [b]) => a - b).map(([, row]) => row),
  };
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
