import {
  STATISTICS_GRANULARITIES,
  STATISTICS_GROUP_BY,
  STATISTICS_TYPES,
  type StatisticsQuery,
  statisticsQuerySchema,
} from '@cbm/contracts/statistics';
import { Button, Group, MultiSelect, Paper, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quickRange, type TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { TimeZoneSelect } from '../../../components/time-range/time-zone-select';
import { fieldErrors } from '../../../lib/validation-errors';
import { useTimeZoneChoice } from '../../sites';
import { useStatisticsBatteries } from '../api/get-statistics-batteries';
import { DEFAULT_STATISTICS_RANGE, STATISTICS_DEFAULTS } from '../statistics-defaults';
import { groupsOf } from '../statistics-model';

interface StatisticsFormProps {
  operatingSiteId: number;
  onSubmit: (query: StatisticsQuery) => void;
}

/**
 * Entity fields and validation rules: type, group-by, group or batteries, time type, time range and zone, every one
 * required.
 */
export function StatisticsForm({ operatingSiteId, onSubmit }: StatisticsFormProps) {
  const { t } = useTranslation();
  const batteries = useStatisticsBatteries(operatingSiteId).data ?? [];
  const [type, setType] = useState<string | null>(STATISTICS_DEFAULTS.type);
  const [groupBy, setGroupBy] = useState<string | null>(STATISTICS_DEFAULTS.groupBy);
  const [granularity, setGranularity] = useState<string | null>(STATISTICS_DEFAULTS.granularity);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [serials, setSerials] = useState<string[]>([]);
  const [timeZone, chooseTimeZone] = useTimeZoneChoice(operatingSiteId);
  const [range, setRange] = useState<TimeRange | null>(() => quickRange(DEFAULT_STATISTICS_RANGE, timeZone));
  const setTimeZone = (zone: string) => {
    chooseTimeZone(zone);
    if (range?.quickRange) setRange(quickRange(range.quickRange, zone));
  };
  const [errors, setErrors] = useState<Record<string, string>>({});

  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`statistics.${prefix}.${value}`) }));

  const submit = () => {
    const result = statisticsQuerySchema.safeParse({
      operatingSiteId,
      type: type ?? '',
      groupBy: groupBy ?? '',
      granularity: granularity ?? '',
      from: range?.from.toISOString() ?? '',
      to: range?.to.toISOString() ?? '',
      timeZone,
      groupIds: groupBy === 'group' ? groupIds : [],
      serials: groupBy === 'serial' ? serials : [],
    });
    if (!result.success) {
      setErrors(fieldErrors(result.error.issues, t));
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };
  const rangeError = !range ? t('validation.timeRangeRequired') : (errors.from ?? errors.to);

  return (
    <Paper withBorder p="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label={t('statistics.form.type')}
            data={options(STATISTICS_TYPES, 'types')}
            value={type}
            onChange={setType}
            error={errors.type}
            required
          />
          <Select
            label={t('statistics.form.groupBy')}
            data={options(STATISTICS_GROUP_BY, 'groupBy')}
            value={groupBy}
            onChange={setGroupBy}
            error={errors.groupBy}
            required
          />
          {groupBy === 'group' && (
            <MultiSelect
              label={t('statistics.form.group')}
              data={groupsOf(batteries, t('batteryGroups.ungrouped'))}
              value={groupIds}
              onChange={setGroupIds}
              error={errors.groupIds}
              searchable
              required
            />
          )}
          {groupBy === 'serial' && (
            <MultiSelect
              label={t('statistics.form.serial')}
              data={batteries.map((b) => ({ value: b.serialNumber, label: b.batteryName || b.serialNumber }))}
              value={serials}
              onChange={setSerials}
              error={errors.serials}
              searchable
              required
            />
          )}
          <Select
            label={t('statistics.form.granularity')}
            data={options(STATISTICS_GRANULARITIES, 'granularity')}
            value={granularity}
            onChange={setGranularity}
            error={errors.granularity}
            required
          />
          <TimeRangeInput
            value={range}
            onChange={setRange}
            timeZone={timeZone}
            error={Object.keys(errors).length > 0 ? rangeError : undefined}
            required
          />
          <TimeZoneSelect value={timeZone} onChange={setTimeZone} error={errors.timeZone} required />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit">{t('statistics.form.show')}</Button>
        </Group>
      </form>
    </Paper>
  );
}
