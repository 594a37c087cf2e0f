import { BarChart } from '@mantine/charts';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/series-hues';
import { useStartSoc } from '../api/get-start-soc';
import { useStatisticFilters } from '../hooks/use-statistic-filters';
import { startSocCharts } from '../statistics-model';
import { NoData } from './no-data';
import { StatisticFilters } from './statistic-filters';

/**
 * Charger-station start-SoC (screens and routes md-start-soc): charge sessions per start-SoC bucket, in all and per
 * station.
 */
export default function StartSocPage() {
  const { t } = useTranslation();
  const filters = useStatisticFilters();
  const startSoc = useStartSoc(filters.params);
  const charts = startSoc.data && startSocCharts(startSoc.data, t('mdloadStatistics.startSoc.sessions'));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('mdloadStatistics.startSoc.title')}
      </Title>
      <StatisticFilters filters={filters} />
      {startSoc.isPending ? (
        <Loader />
      ) : !charts || startSoc.data?.sessions === 0 ? (
        <NoData />
      ) : (
        <>
          <Text>{t('mdloadStatistics.startSoc.count', { count: startSoc.data?.sessions ?? 0 })}</Text>
          <Title order={2} size="h3">
            {t('mdloadStatistics.startSoc.distribution')}
          </Title>
          <BarChart
            h={300}
            data={charts.buckets.data}
            dataKey="bucket"
            series={charts.buckets.series}
            role="img"
            aria-label={t('mdloadStatistics.startSoc.distribution')}
          />
          <Title order={2} size="h3">
            {t('mdloadStatistics.startSoc.perStation')}
          </Title>
          <BarChart
            h={Math.max(200, charts.stations.data.length * 36)}
            data={charts.stations.data}
            dataKey="station"
            series={charts.stations.series}
            type="stacked"
            orientation="vertical"
            withLegend
            legendProps={LEGEND_IN_SERIES_ORDER}
            yAxisProps={{ width: 120 }}
            role="img"
            aria-label={t('mdloadStatistics.startSoc.perStation')}
          />
        </>
      )}
    </Stack>
  );
}
