import { AUDIT_PAGE_DEFAULT, type AuditEntry } from '@cbm/contracts/audit';
import { Group, Loader, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone, useOperatingSites, useSiteId } from '../../sites';
import { useAuditLog } from '../api/get-audit-log';
import { auditValueLines } from '../audit-values';

const Lines = ({ lines }: { lines: string[] }) => (
  <>
    {lines.map((line) => (
      <Text key={line} size="xs">
        {line}
      </Text>
    ))}
  </>
);

/** Audit log of the current site: who changed what and when, with the values before and after; paged. */
export default function AuditPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const siteId = useSiteId();
  const [page, setPage] = useState(1);
  const log = useAuditLog(siteId, (page - 1) * AUDIT_PAGE_DEFAULT, AUDIT_PAGE_DEFAULT);
  const sites = useOperatingSites().data ?? [];
  const totalCount = log.data?.totalCount ?? 0;

  const entity = (entry: AuditEntry) => {
    const siteName =
      entry.entityType === 'operatingSite'
        ? sites.find((site) => String(site.operatingSiteId) === entry.entityId)?.name
        : undefined;
    return `${t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })} ${siteName ?? entry.entityId}`;
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.auditLog')}
      </Title>
      <Paper withBorder p="md">
        {log.isPending ? (
          <Loader size="sm" />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {t('audit.count', { count: totalCount })}
            </Text>
            {/* Focusable, so that a keyboard can scroll the table's wide columns on a phone. */}
            <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': t('menu.auditLog') }}>
              <Table striped aria-label={t('menu.auditLog')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('audit.columns.when')}</Table.Th>
                    <Table.Th>{t('audit.columns.who')}</Table.Th>
                    <Table.Th>{t('audit.columns.action')}</Table.Th>
                    <Table.Th>{t('audit.columns.entity')}</Table.Th>
                    <Table.Th>{t('audit.columns.previous')}</Table.Th>
                    <Table.Th>{t('audit.columns.next')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data?.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(entry.occurredAt, language, zone)}
                      </Table.Td>
                      <Table.Td>{entry.actor}</Table.Td>
                      <Table.Td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
                      <Table.Td>{entity(entry)}</Table.Td>
                      <Table.Td>
                        <Lines lines={auditValueLines(entry.previousValue, language, t)} />
                      </Table.Td>
                      <Table.Td>
                        <Lines lines={auditValueLines(entry.newValue, language, t)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {totalCount === 0 && (
              <Text c="dimmed" ta="center" py="md">
                {t('common.nothingFound')}
              </Text>
            )}
            {totalCount > AUDIT_PAGE_DEFAULT && (
              <Group justify="center" mt="md">
                <Pagination
                  total={Math.ceil(totalCount / AUDIT_PAGE_DEFAULT)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`audit.pages.${control}`) })}
                />
              </Group>
            )}
          </>
        )}
      </Paper>
    </Stack>
  );
}
