import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Paper, ScrollArea, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SiteListProps {
  sites: FlatOperatingSite[];
  onEnter: (siteId: number) => void;
}

export function SiteList({ sites, onEnter }: SiteListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = sites.filter((site) => `${site.name} ${site.parents}`.toLowerCase().includes(needle));
  return (
    <Paper withBorder p="sm">
      <TextInput
        mb="sm"
        leftSection={<IconSearch size={16} />}
        placeholder={t('overview.search')}
        aria-label={t('overview.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={520}>
        <Table highlightOnHover aria-label={t('overview.sites')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overview.columns.site')}</Table.Th>
              <Table.Th>{t('overview.columns.timezone')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((site) => (
              <Table.Tr key={site.operatingSiteId}>
                <Table.Td>
                  <UnstyledButton onClick={() => onEnter(site.operatingSiteId)} data-site-id={site.operatingSiteId}>
                    <Text fw={600}>{site.name}</Text>
                    <Text size="xs" c="dimmed">
                      {site.parents}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{site.location?.timezone}</Text>
                  <Text size="xs" c="dimmed">
                    {site.location?.currency}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('common.nothingFound')}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}
