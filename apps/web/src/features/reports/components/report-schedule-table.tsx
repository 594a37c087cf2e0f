import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/table/row-actions';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { recipientList } from '../report-schedule-list';

interface ReportScheduleTableProps {
  schedules: readonly ReportSchedule[];
  onEdit: (schedule: ReportSchedule) => void;
  onDelete: (schedule: ReportSchedule) => void;
}

/** The site's scheduled reports: what, how often, to whom, the last period mailed. */
export function ReportScheduleTable({ schedules, onEdit, onDelete }: ReportScheduleTableProps) {
  const { t } = useTranslation();
  const report = (schedule: ReportSchedule) =>
    schedule.kind === 'fleet'
      ? t('reports.schedules.kinds.fleet')
      : `${t('reports.schedules.kinds.battery')}: ${schedule.batterySerials.join(', ')}`;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.schedules.columns.report')}</Table.Th>
            <Table.Th>{t('reports.schedules.columns.cadence')}</Table.Th>
            <Table.Th>{t('reports.schedules.columns.recipients')}</Table.Th>
            <Table.Th>{t('reports.schedules.columns.lastSent')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('reports.schedules.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => {
            const recipients = recipientList(schedule);
            return (
              <Table.Tr key={schedule.id}>
                <Table.Td style={{ wordBreak: 'break-word' }}>{report(schedule)}</Table.Td>
                <Table.Td>{t(`reports.schedules.cadences.${schedule.cadence}`)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {schedule.recipients
                    .map(
                      (recipient) => `${recipient.email} (${t(`reports.schedules.languages.${recipient.language}`)})`,
                    )
                    .join(', ')}
                </Table.Td>
                <Table.Td>
                  {schedule.lastSentPeriod
                    ? formatDate(schedule.lastSentPeriod, currentLanguage())
                    : t('reports.schedules.neverSent')}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t('reports.schedules.edit', { recipients })}
                    deleteLabel={t('reports.schedules.delete', { recipients })}
                    onEdit={() => onEdit(schedule)}
                    onDelete={() => onDelete(schedule)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
