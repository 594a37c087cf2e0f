import type { ReportSchedule } from '@cbm/contracts/report-schedules';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportSchedules } from '../api/get-report-schedules';
import { DeleteReportScheduleDialog } from './delete-report-schedule-dialog';
import { ReportScheduleForm } from './report-schedule-form';
import { ReportScheduleTable } from './report-schedule-table';

type Dialog = { kind: 'form'; schedule?: ReportSchedule } | { kind: 'delete'; schedule: ReportSchedule };

/** Scheduled reports on the Reporting page: list, add, edit, delete with confirmation (decision 043). */
export function ReportSchedulesSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const schedules = useReportSchedules(siteId);
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-schedules-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3" id="report-schedules-title">
            {t('reports.schedules.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('reports.schedules.intro')}
          </Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'form' })}>{t('reports.schedules.add')}</Button>
      </Group>
      {schedules.isError && <Alert color="red">{t('reports.schedules.loadFailed')}</Alert>}
      {schedules.data?.length === 0 && <Text c="dimmed">{t('reports.schedules.empty')}</Text>}
      {schedules.data && schedules.data.length > 0 && (
        <ReportScheduleTable
          schedules={schedules.data}
          onEdit={(schedule) => setDialog({ kind: 'form', schedule })}
          onDelete={(schedule) => setDialog({ kind: 'delete', schedule })}
        />
      )}
      {dialog?.kind === 'form' && <ReportScheduleForm siteId={siteId} schedule={dialog.schedule} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteReportScheduleDialog siteId={siteId} schedule={dialog.schedule} onClose={close} />
      )}
    </Stack>
  );
}
