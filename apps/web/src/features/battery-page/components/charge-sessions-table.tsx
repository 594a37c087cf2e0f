import { CHARGE_SESSIONS_MAX, type ChargeSession } from '@cbm/contracts/battery-profile';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatNumberText } from '../../../lib/number-text';

interface ChargeSessionsTableProps {
  sessions: readonly ChargeSession[];
  truncated: boolean;
  timeZone: string;
}

/** The range's charge sessions, newest first: times in the site's zone, SoC from and to, energy and charger. */
export function ChargeSessionsTable({ sessions, truncated, timeZone }: ChargeSessionsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (sessions.length === 0) return <Text c="dimmed">{t('batteryPage.sessions.none')}</Text>;
  const time = (value: string) => formatDateTime(value, language, timeZone);
  const soc = (value: number) => `${formatNumberText(Math.round(value), language)} %`;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('batteryPage.sessions.title')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batteryPage.sessions.start')}</Table.Th>
              <Table.Th>{t('batteryPage.sessions.end')}</Table.Th>
              <Table.Th>{t('batteryPage.sessions.soc')}</Table.Th>
              <Table.Th>{t('batteryPage.sessions.energy')}</Table.Th>
              <Table.Th>{t('batteryPage.sessions.charger')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.startAt}>
                <Table.Td>{time(session.startAt)}</Table.Td>
                <Table.Td>
                  {session.open ? (
                    <Badge variant="light">{t('batteryPage.sessions.running')}</Badge>
                  ) : (
                    time(session.endAt)
                  )}
                </Table.Td>
                <Table.Td>{`${soc(session.startSoc)} → ${soc(session.endSoc)}`}</Table.Td>
                <Table.Td>{`${language === 'de' ? session.energyKwh.replace('.', ',') : session.energyKwh} kWh`}</Table.Td>
                <Table.Td>{session.chargerSerial ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {truncated && (
        <Text size="sm" c="dimmed">
          {t('batteryPage.sessions.truncated', { count: CHARGE_SESSIONS_MAX })}
        </Text>
      )}
    </>
  );
}
