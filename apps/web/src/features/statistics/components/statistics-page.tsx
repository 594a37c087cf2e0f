import type { StatisticsQuery } from '@cbm/contracts/statistics';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiguresAsOf } from '../../../components/figures-as-of/figures-as-of';
import { useClockZone, useSiteId, useSiteTimeZone } from '../../sites';
import { useStatistics } from '../api/get-statistics';
import { defaultStatisticsQuery } from '../statistics-defaults';
import { hasData } from '../statistics-model';
import { StatisticsChart } from './statistics-chart';
import { StatisticsForm } from './statistics-form';

/**
 * Battery statistics (screens and routes stats/statistics): start SoC, availability, total energy and CO2 over time.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const operatingSiteId = useSiteId();
  const siteZone = useSiteTimeZone(operatingSiteId);
  const [chosen, setQuery] = useState<StatisticsQuery | null>(null);
  const query = chosen ?? defaultStatisticsQuery(operatingSiteId, siteZone);
  const statistics = useStatistics(query);
  const clockZone = useClockZone();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('statistics.title')}
      </Title>
      <StatisticsForm key={operatingSiteId} operatingSiteId={operatingSiteId} onSubmit={setQuery} />
      {statistics.isPending ? (
        <Loader aria-label={t('statistics.loading')} />
      ) : !statistics.data || !hasData(statistics.data) ? (
        <Empty text={t('statistics.noDataFound')} />
      ) : (
        <StatisticsChart response={statistics.data} />
      )}
      <FiguresAsOf asOf={statistics.data?.asOf} timeZone={clockZone} />
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl">
      <Text ta="center" c="dimmed">
        {text}
      </Text>
    </Paper>
  );
}
