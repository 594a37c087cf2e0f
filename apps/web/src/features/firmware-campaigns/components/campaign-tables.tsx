import type { CampaignProgress } from '@cbm/contracts/firmware-campaigns';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateLabel } from './campaign-status';

interface CountsRow {
  key: string;
  label: string;
  total: number;
  states: Record<string, number>;
}

/** Batteries per state for each row (all, a wave, a site): the states that occur, each with its count. */
export function CountsTable({ title, rows }: { title: string; rows: CountsRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Table aria-label={title} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row">
                {row.label} ({row.total})
              </Table.Th>
              <Table.Td>
                {Object.entries(row.states)
                  .map(([state, count]) => `${stateLabel(t, state)}: ${count}`)
                  .join(' · ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function FailedTable({ failed }: { failed: CampaignProgress['failed'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('firmwareCampaigns.failed')}
      </Title>
      {failed.length === 0 ? (
        <Text size="sm">{t('firmwareCampaigns.noFailures')}</Text>
      ) : (
        <Table striped aria-label={t('firmwareCampaigns.failed')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('firmwareCampaigns.serial')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.wave', { wave: '' })}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.status')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.map((battery) => (
              <Table.Tr key={battery.batterySerialNumber}>
                <Table.Td>{battery.batterySerialNumber}</Table.Td>
                <Table.Td>{battery.wave}</Table.Td>
                <Table.Td>{stateLabel(t, battery.status)}</Table.Td>
                <Table.Td>{battery.reason ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
