import type { BatteryTimeline } from '@cbm/contracts/battery-history';
import { type EventRow, eventAttribute } from '@cbm/contracts/events';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { eventValueText } from '../../events';

interface Entry {
  key: string;
  at: string;
  color: string;
  title: string;
  badges: string[];
}

/** The range's events and alarms in one list, newest on top; each time to the second in the zone shown. */
export function HistoryTimeline({ timeline, timeZone }: { timeline: BatteryTimeline; timeZone: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const context = { language, timeZone, t };
  const text = (values: EventRow['values'], column: string) =>
    eventValueText(eventAttribute('battery', column), values[column] ?? null, context);
  const entries: Entry[] = [
    ...timeline.events.map(({ id, values }) => ({
      key: `event-${id}`,
      at: String(values.Timestamp ?? ''),
      color: values.Event === 'cleared' ? 'green' : values.EventType === 'error' ? 'red' : 'orange',
      title: `${text(values, 'ErrorCode')} · ${text(values, 'ErrorDescription')}`,
      badges: [text(values, 'EventType'), text(values, 'Event')],
    })),
    ...timeline.alarms.map((alarm) => ({
      key: `alarm-${alarm.id}`,
      at: alarm.openedAt,
      color: alarm.state === 'cleared' ? 'green' : 'red',
      title: t('batteryHistory.alarm', { rule: alarm.ruleName, description: alarm.description }),
      badges: [t(`alarms.states.${alarm.state}`)],
    })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  if (entries.length === 0) return <Text c="dimmed">{t('batteryHistory.noEvents')}</Text>;
  return (
    <>
      <Timeline bulletSize={12} lineWidth={2}>
        {entries.map((entry) => (
          <Timeline.Item key={entry.key} color={entry.color} title={entry.title}>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at, language, timeZone, { seconds: true })}
              </Text>
              {entry.badges.map((badge) => (
                <Badge key={badge} size="xs" variant="light">
                  {badge}
                </Badge>
              ))}
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
      {timeline.truncated && <Text size="sm">{t('batteryHistory.truncated')}</Text>}
    </>
  );
}
