import { DATALOG_RETENTION_DAYS } from '@cbm/contracts/constants';
import type { Datalog } from '@cbm/contracts/datalogs';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';
import { downloadDatalog } from '../api/download-datalog';
import { formatFileSize, isDownloadable, STATUS_COLORS } from '../datalog-display';

/** The site's datalogs: who asked when, the state, until when the zip is there, and its download. */
export function DatalogTable({ siteId, datalogs }: { siteId: number; datalogs: Datalog[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const [downloading, setDownloading] = useState<number | null>(null);
  const dateTime = (value: string) => formatDateTime(value, language, zone);

  const download = async (datalog: Datalog) => {
    setDownloading(datalog.id);
    try {
      await downloadDatalog(siteId, datalog);
    } finally {
      setDownloading(null);
    }
  };

  const availability = (datalog: Datalog) => {
    if (datalog.status === 'requested' && datalog.expiresAt) {
      return t('datalogs.waitsUntil', { time: dateTime(datalog.expiresAt) });
    }
    if (datalog.status === 'uploaded' && datalog.expiresAt) return dateTime(datalog.expiresAt);
    if (datalog.status === 'expired') return t('datalogs.deleted', { days: DATALOG_RETENTION_DAYS });
    return '';
  };

  return (
    <Table aria-label={t('datalogs.table')} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('datalogs.columns.battery')}</Table.Th>
          <Table.Th>{t('datalogs.columns.requested')}</Table.Th>
          <Table.Th>{t('datalogs.columns.status')}</Table.Th>
          <Table.Th>{t('datalogs.columns.available')}</Table.Th>
          <Table.Th>{t('datalogs.columns.size')}</Table.Th>
          <Table.Th>{t('datalogs.columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {datalogs.map((datalog) => (
          <Table.Tr key={datalog.id} data-status={datalog.status}>
            <Table.Td>
              <Text size="sm">{datalog.batteryName}</Text>
              <Text size="xs" c="dimmed">
                {datalog.batterySerialNumber}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{dateTime(datalog.requestedAt)}</Text>
              {datalog.requestedBy && (
                <Text size="xs" c="dimmed">
                  {t('datalogs.requestedBy', { email: datalog.requestedBy })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Badge color={STATUS_COLORS[datalog.status]} variant="light">
                  {t(`datalogs.status.${datalog.status}`)}
                </Badge>
                {datalog.failure && (
                  <Text size="xs" c="red">
                    {t(`datalogs.failure.${datalog.failure}`)}
                    {datalog.failureDetail ? ` (${datalog.failureDetail})` : ''}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{availability(datalog)}</Text>
            </Table.Td>
            <Table.Td>
              {datalog.sizeBytes !== null && (
                <Text size="sm" title={datalog.sha256 ? t('datalogs.sha256', { sha256: datalog.sha256 }) : undefined}>
                  {formatFileSize(datalog.sizeBytes, language)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {isDownloadable(datalog, Date.now()) && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  loading={downloading === datalog.id}
                  aria-label={t('datalogs.downloadLabel', { name: datalog.batteryName, id: datalog.id })}
                  onClick={() => void download(datalog)}
                >
                  {t('datalogs.download')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
