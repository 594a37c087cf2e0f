import { type EventPage, type EventProduct, eventAttribute } from '@cbm/contracts/events';
import { Anchor, Group, Loader, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SortableHeader } from '../../../components/table/sortable-header';
import { currentLanguage } from '../../../lib/i18n';
import { devicePagePath } from '../../../lib/page-paths';
import { pageCountOf } from '../event-view-model';
import { eventValueText } from './event-value';

/** The column whose value opens the device's page. */
const PAGE_COLUMNS: Record<EventProduct, string> = { battery: 'BatterySerialNumber', mdload: 'MdLoadSerial' };

interface EventResultsTableProps {
  product: EventProduct;
  /** The serials link to their device's page at this site. */
  siteId: number;
  columns: string[];
  page: EventPage | undefined;
  loading: boolean;
  pageNumber: number;
  orderBy: string;
  descending: boolean;
  timeZone: string;
  onSort: (column: string) => void;
  onPage: (page: number) => void;
}

/** 20 events a page (business constants), sortable by any column; the pager grows as the count reaches further. */
export function EventResultsTable(props: EventResultsTableProps) {
  const { product, siteId, columns, page, loading, pageNumber, orderBy, descending, timeZone, onSort, onPage } = props;
  const { t } = useTranslation();
  const context = { language: currentLanguage(), timeZone, t };
  const pages = pageCountOf(page?.totalCount ?? 0);
  const shownColumns = page?.events[0] ? Object.keys(page.events[0].values) : columns;

  return (
    <>
      <ScrollArea type="auto">
        <Table striped highlightOnHover aria-label={t('events.table')} aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              {shownColumns.map((column) => (
                <SortableHeader
                  key={column}
                  sorted={orderBy === column ? (descending ? 'descending' : 'ascending') : undefined}
                  onSort={() => onSort(column)}
                >
                  {t(`events.attributes.${column}`)}
                </SortableHeader>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.events.map((event) => (
              <Table.Tr key={event.id}>
                {shownColumns.map((column) => {
                  const value = event.values[column] ?? null;
                  const text = eventValueText(eventAttribute(product, column), value, context);
                  return (
                    <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                      {column === PAGE_COLUMNS[product] && typeof value === 'string' && value !== '' ? (
                        <Anchor
                          component={Link}
                          to={devicePagePath(product, siteId, value)}
                          c="inherit"
                          underline="always"
                        >
                          {text}
                        </Anchor>
                      ) : (
                        text
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {page && page.events.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('events.noData')}
        </Text>
      )}
      <Group justify="space-between" mt="sm">
        <Group gap="xs">
          {page && (
            <Text size="sm" c="dimmed">
              {page.totalCountIsLowerBound
                ? t('events.atLeast', { count: page.totalCount })
                : t('events.count', { count: page.totalCount })}
            </Text>
          )}
          {loading && <Loader size="xs" />}
        </Group>
        <Pagination
          total={pages}
          value={pageNumber}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': t(`events.pager.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('events.pager.page', { page: item }) })}
          aria-label={t('events.pages')}
        />
      </Group>
    </>
  );
}
