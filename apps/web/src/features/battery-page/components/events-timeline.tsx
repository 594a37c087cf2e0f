import { type EventRow, eventAttribute } from '@cbm/contracts/events';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { lastDays } from '../../battery-profile/profile-series';
import { eventValueText } from '../../events/components/event-value';
import { useBatteryEvents } from '../api/get-battery-events';

const TIMELINE_DAYS = 7;

interface EventsTimelineProps {
  siteId: number;
  serial: string;
  timeZone: string;
}

/** The battery's newest events of the last seven days, newest on top; the filter view holds all of them. */
export function EventsTimeline({ siteId, serial, timeZone }: EventsTimelineProps) {
  const { t } = useTranslation();
  const [range] = useState(() => lastDays(TIMELINE_DAYS, timeZone));
  const events = useBatteryEvents(siteId, serial, range);
  const context = { language: currentLanguage(), timeZone, t };
  const text = (values: EventRow['values'], column: string) =>
    eventValueText(eventAttribute('battery', column), values[column] ?? null, context);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="battery-page-events">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="battery-page-events">
            {t('batteryPage.timeline.title', { count: TIMELINE_DAYS })}
          </Title>
          <Anchor
            component={Link}
            to={`/${siteId}/expert/filter/${encodeURIComponent(serial)}`}
            c="inherit"
            underline="always"
          >
            {t('batteryPage.events')}
          </Anchor>
        </Group>
        {!events.data ? (
          <Loader size="sm" />
        ) : events.data.events.length === 0 ? (
          <Text c="dimmed">{t('batteryPage.timeline.none')}</Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {events.data.events.map(({ id, values }) => (
              <Timeline.Item
                key={id}
                color={values.Event === 'cleared' ? 'green' : values.EventType === 'error' ? 'red' : 'orange'}
                title={`${text(values, 'ErrorCode')} · ${text(values, 'ErrorDescription')}`}
              >
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {text(values, 'Timestamp')}
                  </Text>
                  <Badge size="xs" variant="light">
                    {text(values, 'EventType')}
                  </Badge>
                  <Badge size="xs" variant="outline">
                    {text(values, 'Event')}
                  </Badge>
                </Group>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
