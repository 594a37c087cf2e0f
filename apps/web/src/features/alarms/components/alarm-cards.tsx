import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { AlarmAcknowledgement, AlarmDevice, AlarmState, type AlarmTableProps, AlarmWhat } from './alarm-parts';

/**
 * The alarms as a list of cards on a phone: each shows when, the device, what, its state and Acknowledge
 * without sideways scrolling (issue 49, item 12).
 */
export function AlarmCards({ alarms, showSite, onAcknowledge, zone }: AlarmTableProps & { zone: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('alarms.title')}>
      {alarms.map((alarm) => (
        <Paper key={alarm.id} component="li" withBorder p="sm" data-testid={`alarm-${alarm.serialNumber}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(alarm.openedAt, language, zone, { seconds: true })}
              {showSite && ` · ${alarm.siteName}`}
            </Text>
            <AlarmState alarm={alarm} />
          </Group>
          <AlarmDevice alarm={alarm} />
          <AlarmWhat alarm={alarm} />
          <Group justify="space-between" mt={6} gap="xs">
            <AlarmAcknowledgement alarm={alarm} zone={zone} onAcknowledge={onAcknowledge} />
            {alarm.clearedAt && (
              <Text size="xs">
                {t('alarms.columns.cleared')}: {formatDateTime(alarm.clearedAt, language, zone)}
              </Text>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
