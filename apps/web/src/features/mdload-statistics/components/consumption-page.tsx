import { DATE_FORMATS } from '@cbm/contracts/date-formats';
import { BarChart, LineChart } from '@mantine/charts';
import { Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../components/time-range/zoned-dayjs';
import { currentLanguage } from '../../../lib/i18n';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/series-hues';
import { useConsumption } from '../api/get-consumption';
import { usePower } from '../api/get-power';
import { useStatisticFilters } from '../hooks/use-statistic-filters';
import { consumptionChart, powerChart } from '../statistics-model';
import { ConsumptionSummary } from './consumption-summary';
import { NoData } from './no-data';
import { StatisticFilters } from './statistic-filters';

/** Room for a tick with its unit ("1,600 kWh") on one line. */
const UNIT_AXIS = { width: 84 };

/**
 * Charger-station consumption (screens and routes md-consumption): daily energy per unit, power over time and the
 * summary.
 */
export default function ConsumptionPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const filters = useStatisticFilters();
  const consumption = useConsumption(filters.params);
  const power = usePower(filters.params);
  const formats = DATE_FORMATS[language];
  const day = (date: string) => dayjs(date).format(formats.date);
  const time = (seconds: number) =>
    dayjs(seconds * 1000)
      .tz(filters.timeZone)
      .format(power.data?.resolution === 'hour' ? formats.dateTime : formats.date);
  const energy = consumption.data && consumptionChart(consumption.data, day, t('mdloadStatistics.others'));
  const powerData = power.data && powerChart(power.data, time, t('mdloadStatistics.others'));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('mdloadStatistics.consumption.title')}
      </Title>
      <StatisticFilters filters={filters} />
      {consumption.isPending ? (
        <Loader />
      ) : !energy || energy.data.length === 0 ? (
        <NoData />
      ) : (
        <>
          {consumption.data && <ConsumptionSummary summary={consumption.data.summary} timeZone={filters.timeZone} />}
          <Title order={2} size="h3">
            {t('mdloadStatistics.consumption.daily')}
          </Title>
          <BarChart
            h={300}
            data={energy.data}
            dataKey="day"
            series={energy.series}
            type="stacked"
            unit=" kWh"
            withLegend
            legendProps={LEGEND_IN_SERIES_ORDER}
            yAxisProps={UNIT_AXIS}
            role="img"
            aria-label={t('mdloadStatistics.consumption.daily')}
          />
          <Title order={2} size="h3">
            {t('mdloadStatistics.consumption.power')}
          </Title>
          {powerData && powerData.data.length > 0 ? (
            <LineChart
              h={300}
              data={powerData.data}
              dataKey="time"
              series={powerData.series}
              unit=" kW"
              withLegend
              legendProps={LEGEND_IN_SERIES_ORDER}
              yAxisProps={UNIT_AXIS}
              withDots={false}
              curveType="linear"
              role="img"
              aria-label={t('mdloadStatistics.consumption.power')}
            />
          ) : (
            <NoData />
          )}
        </>
      )}
    </Stack>
  );
}
