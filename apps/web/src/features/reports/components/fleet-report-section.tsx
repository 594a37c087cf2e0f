import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quickRange, rangeDays, type TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { saveFile } from '../../../lib/save-file';
import { useSiteTimeZone } from '../../sites';
import { downloadFleetReport } from '../api/download-fleet-report';

/** The site's fleet report (the one scheduled mails send) for a chosen period, downloaded on demand. */
export function FleetReportSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone(siteId);
  const [range, setRange] = useState<TimeRange>(() => quickRange('lastMonth', timeZone));
  const [loading, setLoading] = useState(false);
  const download = async () => {
    const [firstDate, lastDate] = rangeDays(range, timeZone);
    setLoading(true);
    try {
      saveFile(await downloadFleetReport({ operatingSiteId: siteId, firstDate, lastDate }));
    } catch {
      // The error toasts are already shown.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="fleet-report-title">
      <div>
        <Title order={2} size="h3" id="fleet-report-title">
          {t('reports.fleet.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('reports.fleet.intro', { timeZone })}
        </Text>
      </div>
      <Group align="flex-end">
        <TimeRangeInput value={range} onChange={setRange} timeZone={timeZone} label={t('reports.fleet.period')} />
        <Button onClick={download} loading={loading}>
          {t('reports.fleet.download')}
        </Button>
      </Group>
    </Stack>
  );
}
