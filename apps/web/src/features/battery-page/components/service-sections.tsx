import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateJobsTable, useSoftwareInfo } from '../../battery-list';
import { DatalogTable, useDatalogs } from '../../datalogs';

interface SectionProps {
  siteId: number;
  serial: string;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The battery's update jobs, newest first (cbm_update; refreshed while one runs). */
export function UpdateJobsSection({ siteId, serial }: SectionProps) {
  const { t } = useTranslation();
  const info = useSoftwareInfo(siteId, serial);
  return (
    <Section id="battery-page-jobs" title={t('batteryList.update.jobs')}>
      {info.data ? <UpdateJobsTable jobs={info.data.jobs} /> : <Loader size="sm" />}
    </Section>
  );
}

/** The battery's datalogs among the site's newest ones (cbm_datalog). */
export function DatalogsSection({ siteId, serial }: SectionProps) {
  const { t } = useTranslation();
  const datalogs = useDatalogs(siteId);
  const own = datalogs.data?.datalogs.filter((datalog) => datalog.batterySerialNumber === serial);
  return (
    <Section id="battery-page-datalogs" title={t('batteryPage.datalogs')}>
      {!own ? (
        <Loader size="sm" />
      ) : own.length === 0 ? (
        <Text c="dimmed">{t('batteryPage.noDatalogs')}</Text>
      ) : (
        <DatalogTable siteId={siteId} datalogs={own} />
      )}
    </Section>
  );
}
