import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Group, Paper, ScrollArea, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_FIGURES,
  SITE_FILTERS,
  SITE_SORTS,
  type SiteFilter,
  type SiteRow,
  type SiteSort,
  shownRows,
} from '../site-health-model';
import { ConditionBadge } from './condition-badge';

interface SiteListProps {
  rows: SiteRow[];
  onEnter: (siteId: number) => void;
}

const FIGURE_COLUMNS = ['error', 'offline', 'lowSoc', 'service', 'activeAlarms', 'stations', 'batteries'] as const;

/** The figure, or a dash where the user does not see it (no figures, alarms or charger stations there). */
function figureOf(row: SiteRow, key: (typeof FIGURE_COLUMNS)[number]) {
  const { health } = row;
  if (!health) return '—';
  if ((key === 'activeAlarms' && health.activeAlarms === null) || (key === 'stations' && health.stations === null)) {
    return '—';
  }
  return SITE_FIGURES[key](health);
}

function SiteName({ site, onEnter }: { site: FlatOperatingSite; onEnter: (siteId: number) => void }) {
  return (
    <UnstyledButton onClick={() => onEnter(site.operatingSiteId)} data-site-id={site.operatingSiteId}>
      <Text fw={600}>{site.name}</Text>
      <Text size="xs" c="dimmed">
        {site.parents}
      </Text>
    </UnstyledButton>
  );
}

/** The sites with their health figures, searchable, sortable and filterable by those figures (decision 039). */
export function SiteList({ rows, onEnter }: SiteListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useLocalStorage<SiteSort>({ key: 'cbm.overview.sort', defaultValue: 'condition' });
  const [filter, setFilter] = useState<SiteFilter>('all');
  const withFigures = rows.some((row) => row.health);
  const shown = shownRows(rows, search, filter, withFigures ? sort : 'name');
  return (
    <Paper withBorder p="sm">
      <Group mb="sm" gap="sm" align="end">
        <TextInput
          style={{ flex: '1 1 200px' }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('overview.search')}
          aria-label={t('overview.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {withFigures && (
          <>
            <Select
              label={t('fleetHealth.sortBy')}
              value={sort}
              onChange={(value) => value && setSort(value as SiteSort)}
              data={SITE_SORTS.map((value) => ({ value, label: t(`fleetHealth.sorts.${value}`) }))}
            />
            <Select
              label={t('fleetHealth.show')}
              value={filter}
              onChange={(value) => value && setFilter(value as SiteFilter)}
              data={SITE_FILTERS.map((value) => ({ value, label: t(`fleetHealth.filters.${value}`) }))}
            />
          </>
        )}
      </Group>
      <ScrollArea.Autosize mah={520}>
        <Table highlightOnHover aria-label={t('overview.sites')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overview.columns.site')}</Table.Th>
              {withFigures && <Table.Th>{t('fleetHealth.sorts.condition')}</Table.Th>}
              {withFigures &&
                FIGURE_COLUMNS.map((key) => (
                  <Table.Th key={key} ta="right">
                    {t(`fleetHealth.sorts.${key}`)}
                  </Table.Th>
                ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.site.operatingSiteId} data-condition={row.health?.condition}>
                <Table.Td>
                  <SiteName site={row.site} onEnter={onEnter} />
                </Table.Td>
                {withFigures && (
                  <Table.Td>{row.health && <ConditionBadge condition={row.health.condition} />}</Table.Td>
                )}
                {withFigures &&
                  FIGURE_COLUMNS.map((key) => (
                    <Table.Td key={key} ta="right" data-figure={key}>
                      {figureOf(row, key)}
                    </Table.Td>
                  ))}
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
