import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/series-hues';
import { type ProfileRow, STATE_LEVELS } from '../profile-series';
import { ProfileChart } from './profile-chart';

const decimals = (language: string, digits: number) => (value: number) =>
  value.toLocaleString(language, { maximumFractionDigits: digits });

/**
 * SoC, current, voltage, temperatures and the state (a step chart, one level per state); each chart's title one
 * heading level below the section it stands in.
 */
export function ProfileCharts({ rows, titleOrder }: { rows: ProfileRow[]; titleOrder: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const oneDecimal = decimals(i18n.language, 1);
  const series = (name: string, color: string) => ({ name, color, label: t(`batteryProfile.series.${name}`) });
  const stateName = (level: number) => {
    const state = STATE_LEVELS[Math.round(level)];
    return state ? t(`batteryProfile.states.${state}`) : '';
  };

  return (
    <Stack gap="md">
      <ProfileChart
        titleOrder={titleOrder}
        title={t('batteryProfile.charts.soc')}
        rows={rows}
        series={[series('soc', 'teal.6')]}
        unit=" %"
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={oneDecimal}
      />
      <ProfileChart
        titleOrder={titleOrder}
        title={t('batteryProfile.charts.current')}
        rows={rows}
        series={[series('current', 'blue.6')]}
        unit=" A"
        valueFormatter={oneDecimal}
      />
      <ProfileChart
        titleOrder={titleOrder}
        title={t('batteryProfile.charts.voltage')}
        rows={rows}
        series={[series('voltage', 'violet.6')]}
        unit=" V"
        yAxisProps={{ domain: ['auto', 'auto'] }}
        valueFormatter={decimals(i18n.language, 2)}
      />
      <ProfileChart
        titleOrder={titleOrder}
        title={t('batteryProfile.charts.temperatures')}
        rows={rows}
        series={[
          series('minCellTemperature', 'cyan.6'),
          series('maxCellTemperature', 'orange.6'),
          series('boardTemperature', 'gray.6'),
        ]}
        unit=" °C"
        withLegend
        legendProps={LEGEND_IN_SERIES_ORDER}
        yAxisProps={{ domain: ['auto', 'auto'] }}
        valueFormatter={oneDecimal}
      />
      <ProfileChart
        titleOrder={titleOrder}
        title={t('batteryProfile.charts.state')}
        rows={rows}
        series={[{ name: 'stateLevel', color: 'indigo.6', label: t('batteryProfile.series.state') }]}
        curveType="stepAfter"
        yAxisProps={{
          domain: [0, STATE_LEVELS.length - 1],
          ticks: STATE_LEVELS.map((_, level) => level),
          tickFormatter: stateName,
          width: 90,
        }}
        valueFormatter={stateName}
      />
    </Stack>
  );
}
