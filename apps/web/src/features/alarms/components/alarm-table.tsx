import { em, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';
import { AlarmCards } from './alarm-cards';
import { AlarmAcknowledgement, AlarmDevice, AlarmState, type AlarmTableProps, AlarmWhat } from './alarm-parts';

/** Below this width the table would need sideways scrolling to reach Acknowledge: cards instead. */
const CARDS_BELOW_PX = 900;

/** Newest first: when, where, which device, what, its state, who acknowledged it and when it cleared. */
export function AlarmTable({ alarms, showSite, onAcknowledge }: AlarmTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const narrow = useMediaQuery(`(max-width: ${em(CARDS_BELOW_PX - 0.02)})`, false, { getInitialValueInEffect: false });
  if (narrow) return <AlarmCards alarms={alarms} showSite={showSite} onAcknowledge={onAcknowledge} zone={zone} />;
  return (
    <Table.ScrollContainer minWidth={CARDS_BELOW_PX}>
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
              <Table.Td>{formatDateTime(alarm.openedAt, language, zone, { seconds: true })}</Table.Td>
              {showSite && <Table.Td>{alarm.siteName}</Table.Td>}
              <Table.Td>
                <AlarmDevice alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <AlarmWhat alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <AlarmState alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <AlarmAcknowledgement alarm={alarm} zone={zone} onAcknowledge={onAcknowledge} />
              </Table.Td>
              <Table.Td>{alarm.clearedAt ? formatDateTime(alarm.clearedAt, language, zone) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
