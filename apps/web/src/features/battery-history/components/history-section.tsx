import type { BatteryHistory } from '@cbm/contracts/battery-history';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useBatteryHistory } from '../api/get-battery-history';
import { useBatteryTimeline } from '../api/get-battery-timeline';
import { HistoryCharts } from './history-charts';
import { HistoryTimeline } from './history-timeline';

interface HistorySectionProps {
  siteId: number;
  serial: string;
  timeZone: string;
  /** The filter view's address for all of the battery's events, for a user holding cbm_filter. */
  eventsPath?: string;
}

const hasData = (history: BatteryHistory) => history.points.some((point) => point.maxSoc !== null);

/**
 * What happened to the battery (decision 115): its trend over the hour roll-ups, and the events and alarms of
 * the same range. Opens on the last days with data; any range of up to a year can be chosen.
 */
export function HistorySection({ siteId, serial, timeZone, eventsPath }: HistorySectionProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [chosen, setChosen] = useState<TimeRange | null>(null);
  const history = useBatteryHistory(siteId, serial, chosen);
  const shown = history.data && { from: history.data.from, to: history.data.to };
  const timeline = useBatteryTimeline(siteId, serial, shown ?? null);
  const value = chosen ?? (shown ? { from: new Date(shown.from), to: new Date(shown.to) } : null);
  const time = (at: string) => formatDateTime(at, language, timeZone);
  return (
    <Stack gap="sm" component="section" aria-labelledby="battery-history">
      <Title order={2} size="h4" id="battery-history">
        {t('batteryHistory.title')}
      </Title>
      <TimeRangeInput label={t('batteryHistory.range')} value={value} onChange={setChosen} timeZone={timeZone} />
      {!history.data ? (
        <Loader size="sm" />
      ) : hasData(history.data) ? (
        <HistoryCharts points={history.data.points} timeZone={timeZone} />
      ) : (
        <Paper withBorder p="md">
          <Text fw={500}>{t('batteryHistory.noData')}</Text>
          {history.data.dataFrom && history.data.dataTo && (
            <Group gap="sm" mt="xs">
              <Text size="sm">
                {t('batteryHistory.dataReach', { from: time(history.data.dataFrom), to: time(history.data.dataTo) })}
              </Text>
              {chosen && (
                <Button size="xs" variant="light" onClick={() => setChosen(null)}>
                  {t('batteryHistory.lastWithData')}
                </Button>
              )}
            </Group>
          )}
        </Paper>
      )}
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('batteryHistory.timeline')}
        </Title>
        {eventsPath && (
          <Anchor component={Link} to={eventsPath} c="inherit" underline="always">
            {t('batteryPage.events')}
          </Anchor>
        )}
      </Group>
      {timeline.data ? <HistoryTimeline timeline={timeline.data} timeZone={timeZone} /> : <Loader size="sm" />}
    </Stack>
  );
}
