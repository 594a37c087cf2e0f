import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { recipientList } from '../report-schedule-list';

interface DeleteReportScheduleDialogProps {
  siteId: number;
  schedule: ReportSchedule;
  onClose: () => void;
}

export function DeleteReportScheduleDialog({ siteId, schedule, onClose }: DeleteReportScheduleDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteReportSchedule(siteId);
  const recipients = recipientList(schedule);
  const confirm = () =>
    remove.mutate(schedule.id, {
      onSuccess: () => {
        notifications.add({ type: 'success', title: t('reports.schedules.toasts.deleted'), message: recipients });
        onClose();
      },
    });
  return (
    <Modal opened onClose={onClose} title={t('reports.schedules.deleteDialog.title')}>
      <Text>
        {t('reports.schedules.deleteDialog.text', {
          cadence: t(`reports.schedules.cadences.${schedule.cadence}`).toLowerCase(),
          recipients,
        })}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('reports.schedules.deleteDialog.cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
          {t('reports.schedules.deleteDialog.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
