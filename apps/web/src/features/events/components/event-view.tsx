import { type AttributeFilter, defaultColumnsOf } from '@cbm/contracts/events';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { useClockZone } from '../../sites';
import { useEventColumns } from '../api/get-event-columns';
import type { EventProductConfig } from '../event-products';
import {
  afterFilterDeleted,
  applySavedFilter,
  type EventViewState,
  initialEventView,
  lastDaysToNow,
  sortBy,
} from '../event-view-model';
import { useEventRows } from '../hooks/use-event-rows';
import { AttributeFilterBuilder } from './attribute-filter-builder';
import { ColumnChooser } from './column-chooser';
import { EventResultsTable } from './event-results-table';
import { SavedFiltersMenu } from './saved-filters-menu';

interface EventViewProps {
  config: EventProductConfig;
  siteId: number;
  /** A filter the route sets up front (the battery serial of expert/filter/:serialNumber). */
  initialFilter?: AttributeFilter;
}

/** The one event screen: time range, attribute filters, columns, saved filters and the paged results. */
export function EventView({ config, siteId, initialFilter }: EventViewProps) {
  const { t } = useTranslation();
  const timeZone = useClockZone();
  const defaultColumns = useMemo(() => defaultColumnsOf(config.product), [config.product]);
  const [state, setState] = useState<EventViewState>(() =>
    initialEventView(defaultColumns, lastDaysToNow(timeZone), initialFilter),
  );
  const columns = useEventColumns(config);
  const rows = useEventRows(config, state, siteId);
  const change = (patch: Partial<EventViewState>) => setState((current) => ({ ...current, page: 1, ...patch }));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(config.titleKey)}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group align="flex-end" justify="space-between">
            <TimeRangeInput
              value={state.range}
              timeZone={timeZone}
              onChange={(range: TimeRange) => change({ range })}
            />
            <SavedFiltersMenu
              config={config}
              state={state}
              onLoad={(filter) => setState((current) => applySavedFilter(current, filter))}
              onSaved={(filter) => setState((current) => ({ ...current, activeFilterId: filter.id }))}
              onDeleted={(id) => setState((current) => afterFilterDeleted(current, id, defaultColumns))}
            />
          </Group>
          <AttributeFilterBuilder
            product={config.product}
            filters={state.attributeFilters}
            onChange={(attributeFilters) => change({ attributeFilters })}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="flex-end" mb="sm">
          <ColumnChooser
            columns={columns.data ?? []}
            selected={state.columns}
            onChange={(chosen) => change({ columns: chosen })}
            onReset={() => change({ columns: defaultColumns })}
          />
        </Group>
        <EventResultsTable
          product={config.product}
          siteId={siteId}
          columns={state.columns}
          page={rows.page}
          loading={rows.loading}
          pageNumber={state.page}
          orderBy={state.orderBy}
          descending={state.descending}
          timeZone={timeZone}
          onSort={(column) => setState((current) => sortBy(current, column))}
          onPage={(page) => setState((current) => ({ ...current, page }))}
        />
      </Paper>
    </Stack>
  );
}
