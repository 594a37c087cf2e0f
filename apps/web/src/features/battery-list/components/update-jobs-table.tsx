import type { CommandDelivery, UpdateJob } from '@cbm/contracts/update-jobs';
import { isFinalJobStatus } from '@cbm/contracts/update-jobs';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';

const STATUS_COLORS: Partial<Record<UpdateJob['status'], string>> = {
  'successfully finished': 'green',
  failed: 'red',
  aborted: 'red',
  rejected: 'red',
  obsolete: 'gray',
  discarded: 'gray',
  'no answer': 'orange',
};

/** How far the job's command got (decision 072): sendings, the battery's first reply, its final reply. */
function DeliveryCell({ delivery, time }: { delivery: CommandDelivery; time: (value: string) => string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('batteryList.update.sent', { count: delivery.sent })}
      {delivery.receivedAt && <br />}
      {delivery.receivedAt && t('batteryList.update.received', { time: time(delivery.receivedAt) })}
      {delivery.answeredAt && <br />}
      {delivery.answeredAt && t('batteryList.update.answered', { time: time(delivery.answeredAt) })}
    </Text>
  );
}

/** The battery's update jobs, newest first, with every timestamp the entity fields name. */
export function UpdateJobsTable({ jobs }: { jobs: readonly UpdateJob[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  if (jobs.length === 0) return <Text c="dimmed">{t('batteryList.update.noJobs')}</Text>;
  const time = (value: string | null) => (value ? formatDateTime(value, language, zone) : '–');
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table aria-label={t('batteryList.update.jobs')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batteryList.update.fileName')}</Table.Th>
            <Table.Th>{t('batteryList.update.version')}</Table.Th>
            <Table.Th>{t('batteryList.update.status')}</Table.Th>
            <Table.Th>{t('batteryList.update.detail')}</Table.Th>
            <Table.Th>{t('batteryList.update.createTimestamp')}</Table.Th>
            <Table.Th>{t('batteryList.update.acknowledgedTimestamp')}</Table.Th>
            <Table.Th>{t('batteryList.update.resultTimestamp')}</Table.Th>
            <Table.Th>{t('batteryList.update.delivery')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-job-status={job.status}>
              <Table.Td title={job.updateFile.sha256}>
                {job.updateFile.fileName}
                {job.campaign && (
                  <Text size="xs" c="dimmed">
                    {t('batteryList.update.campaign', { name: job.campaign.name })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{job.updateFile.version ?? '–'}</Table.Td>
              <Table.Td>
                <Badge
                  color={STATUS_COLORS[job.status] ?? 'blue'}
                  variant={isFinalJobStatus(job.status) ? 'filled' : 'light'}
                >
                  {t(`batteryList.jobStatus.${job.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{job.detail ?? ''}</Table.Td>
              <Table.Td>{time(job.createTimestamp)}</Table.Td>
              <Table.Td>{time(job.acknowledgedTimestamp)}</Table.Td>
              <Table.Td>{time(job.resultTimestamp)}</Table.Td>
              <Table.Td data-testid="job-delivery">
                {job.delivery && <DeliveryCell delivery={job.delivery} time={time} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
