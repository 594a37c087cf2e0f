import { Box, Group } from '@mantine/core';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { TimeZoneSelect } from '../../../components/time-range/time-zone-select';
import type { useStatisticFilters } from '../hooks/use-statistic-filters';

/** Time range (limited to the days with data) and time zone of a charger-station statistic. */
export function StatisticFilters({ filters }: { filters: ReturnType<typeof useStatisticFilters> }) {
  return (
    <Group align="flex-end">
      <Box w={280}>
        <TimeRangeInput
          value={filters.range}
          onChange={filters.setRange}
          timeZone={filters.timeZone}
          minDate={filters.minDate}
          maxDate={filters.maxDate}
          required
        />
      </Box>
      <Box w={240}>
        <TimeZoneSelect value={filters.timeZone} onChange={filters.setTimeZone} required />
      </Box>
    </Group>
  );
}
