import type { Alarm } from '@cbm/contracts/alarms';
import { deviceEventText } from '@cbm/contracts/device-texts';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { devicePagePath } from '../../../lib/page-paths';

/** The alarms a table (or, on a phone, its cards) lists. */
export interface AlarmTableProps {
  alarms: readonly Alarm[];
  /** Across sites the site is named in each row. */
  showSite: boolean;
  onAcknowledge: (alarm: Alarm) => void;
}

const STATE_COLOR = { open: 'red.8', acknowledged: 'yellow.9', cleared: 'green.8' } as const;

/** The device's name as a link to its page, its serial below. */
export function AlarmDevice({ alarm }: { alarm: Alarm }) {
  return (
    <>
      <Anchor
        component={Link}
        to={devicePagePath(alarm.product, alarm.operatingSiteId, alarm.serialNumber)}
        size="sm"
        fw={500}
      >
        {alarm.deviceName}
      </Anchor>
      <Text size="xs" c="dimmed">
        {alarm.serialNumber}
      </Text>
    </>
  );
}

/** What happened (an event's code with its description), and which kind of rule fired. */
export function AlarmWhat({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const what =
    alarm.kind === 'event'
      ? `${alarm.code} – ${deviceEventText(language, { code: alarm.code, description: alarm.description, category: null }).description}`
      : alarm.description;
  return (
    <>
      <Text size="sm">{what}</Text>
      <Text size="xs" c="dimmed">
        {t(`alarms.kinds.${alarm.kind}`)} · {alarm.ruleName}
      </Text>
    </>
  );
}

export function AlarmState({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[alarm.state]} variant="filled">
      {t(`alarms.states.${alarm.state}`)}
    </Badge>
  );
}

/** Who acknowledged it and when, or the Acknowledge button while it is open. */
export function AlarmAcknowledgement({
  alarm,
  zone,
  onAcknowledge,
}: {
  alarm: Alarm;
  zone: string;
  onAcknowledge: (alarm: Alarm) => void;
}) {
  const { t } = useTranslation();
  if (alarm.acknowledgedAt) {
    return (
      <Stack gap={0}>
        <Text size="sm">{alarm.acknowledgedBy}</Text>
        <Text size="xs">{formatDateTime(alarm.acknowledgedAt, currentLanguage(), zone)}</Text>
        {alarm.comment && <Text size="xs">{alarm.comment}</Text>}
      </Stack>
    );
  }
  if (alarm.state !== 'open') return null;
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => onAcknowledge(alarm)}
      aria-label={t('alarms.acknowledgeDevice', { device: alarm.deviceName })}
    >
      {t('alarms.acknowledge')}
    </Button>
  );
}
