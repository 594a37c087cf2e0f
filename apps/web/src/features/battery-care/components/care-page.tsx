import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { lastDays } from '../../battery-profile';
import { useSiteId, useSiteTimeZone } from '../../sites';
import { useCare } from '../api/get-care';
import { groupRanking } from '../care-ranking';
import { BatteryRankingTable, GroupRankingTable } from './care-tables';
import { ReplacementSection } from './replacement-section';
import { RightSizingSection } from './right-sizing-section';

const OPENING_DAYS = 30;

/** Battery care (stats/care, issue 51): the site's groups and batteries by care score, worst first, with the reason. */
export default function CarePage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const timeZone = useSiteTimeZone(siteId);
  const [chosen, setChosen] = useState<TimeRange | null>(null);
  const range = chosen ?? lastDays(OPENING_DAYS, timeZone);
  const care = useCare(siteId, range);
  const batteries = care.data?.batteries ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('batteryCare.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('batteryCare.intro')}
      </Text>
      <TimeRangeInput label={t('batteryCare.period')} value={range} onChange={setChosen} timeZone={timeZone} />
      {care.isPending ? (
        <Loader size="sm" />
      ) : batteries.length === 0 ? (
        <Paper withBorder p="md">
          <Text fw={500}>{t('batteryCare.noBatteries')}</Text>
        </Paper>
      ) : (
        <>
          <Title order={2} size="h4">
            {t('batteryCare.groupRanking')}
          </Title>
          <GroupRankingTable groups={groupRanking(batteries)} />
          <Title order={2} size="h4">
            {t('batteryCare.batteryRanking')}
          </Title>
          <BatteryRankingTable batteries={batteries} />
        </>
      )}
      <RightSizingSection siteId={siteId} range={range} />
      <ReplacementSection siteId={siteId} />
    </Stack>
  );
}
