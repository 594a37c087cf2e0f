import type { Alarm } from '@cbm/contracts/alarms';
import { deviceEventText } from '@cbm/contracts/device-texts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

interface AlarmTableProps {
  alarms: readonly Alarm[];
  /** Across sites the site is named in each row. */
  showSite: boolean;
  onAcknowledge: (alarm: Alarm) => void;
}

const STATE_COLOR = { open: 'red.8', acknowledged: 'yellow.9', cleared: 'green.8' } as const;

/** Newest first: when, where, which device, what, its state, who acknowledged it and when it cleared. */
export function AlarmTable({ alarms, showSite, onAcknowledge }: AlarmTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const what = (alarm: Alarm) =>
    alarm.kind === 'event'
      ? `${alarm.code} – ${deviceEventText(language, { code: alarm.code, description: alarm.description, category: null }).description}`
      : alarm.description;

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alarms.columns.opened')}</Table.Th>
            {showSite && <Table.Th>{t('alarms.columns.site')}</Table.Th>}
            <Table.Th>{t('alarms.columns.device')}</Table.Th>
            <Table.Th>{t('alarms.columns.alarm')}</Table.Th>
            <Table.Th>{t('alarms.columns.state')}</Table.Th>
            <Table.Th>{t('alarms.columns.acknowledged')}</Table.Th>
            <Table.Th>{t('alarms.columns.cleared')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarms.map((alarm) => (
            <Table.Tr key={alarm.id} data-testid={`alarm-${alarm.serialNumber}`}>
              <Table.Td>{formatDateTime(alarm.openedAt, language)}</Table.Td>
              {showSite && <Table.Td>{alarm.siteName}</Table.Td>}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {alarm.deviceName}
                </Text>
                <Text size="xs" c="dimmed">
                  {alarm.serialNumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{what(alarm)}</Text>
                <Text size="xs" c="dimmed">
                  {t(`alarms.kinds.${alarm.kind}`)} · {alarm.ruleName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOR[alarm.state]} variant="filled">
                  {t(`alarms.states.${alarm.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {alarm.acknowledgedAt ? (
                  <Stack gap={0}>
                    <Text size="sm">{alarm.acknowledgedBy}</Text>
                    <Text size="xs">{formatDateTime(alarm.acknowledgedAt, language)}</Text>
                    {alarm.comment && <Text size="xs">{alarm.comment}</Text>}
                  </Stack>
                ) : alarm.state === 'open' ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onAcknowledge(alarm)}
                    aria-label={t('alarms.acknowledgeDevice', { device: alarm.deviceName })}
                  >
                    {t('alarms.acknowledge')}
                  </Button>
                ) : null}
              </Table.Td>
              <Table.Td>{alarm.clearedAt ? formatDateTime(alarm.clearedAt, language) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
