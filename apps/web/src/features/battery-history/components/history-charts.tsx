import type { HistoryPoint } from '@cbm/contracts/battery-history';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/series-hues';
import { chartTime } from '../../battery-profile';

const STATE_SERIES = [
  ['chargingHours', 'teal.6'],
  ['dischargingHours', 'blue.6'],
  ['standbyHours', 'gray.5'],
  ['idleHours', 'violet.4'],
  ['errorHours', 'red.7'],
  ['offlineHours', 'dark.2'],
] as const;

function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="figure" aria-label={title} withBorder p="md" m={0}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** SoC (lowest and highest), energy charged and discharged, and the hours per state, bucket by bucket. */
export function HistoryCharts({ points, timeZone }: { points: readonly HistoryPoint[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const rows = points.map((point) => ({ ...point, time: chartTime(point.ts, timeZone, language) }));
  const number = (digits: number) => (value: number) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const series = (name: string, color: string) => ({ name, color, label: t(`batteryHistory.series.${name}`) });
  const common = { h: 200, data: rows, dataKey: 'time', withLegend: true, legendProps: LEGEND_IN_SERIES_ORDER };
  const axis = { xAxisProps: { minTickGap: 40 } };
  return (
    <Stack gap="md">
      <Figure title={t('batteryHistory.charts.soc')}>
        <LineChart
          {...common}
          {...axis}
          series={[series('minSoc', 'orange.6'), series('maxSoc', 'teal.6')]}
          withDots={false}
          connectNulls={false}
          unit=" %"
          yAxisProps={{ domain: [0, 100] }}
          valueFormatter={number(0)}
        />
      </Figure>
      <Figure title={t('batteryHistory.charts.energy')}>
        <BarChart
          {...common}
          {...axis}
          series={[series('chargedKwh', 'teal.6'), series('dischargedKwh', 'blue.6')]}
          unit=" kWh"
          valueFormatter={number(2)}
        />
      </Figure>
      <Figure title={t('batteryHistory.charts.states')}>
        <BarChart
          {...common}
          {...axis}
          type="stacked"
          series={STATE_SERIES.map(([name, color]) => series(name, color))}
          unit=" h"
          valueFormatter={number(1)}
        />
      </Figure>
    </Stack>
  );
}
