import { Chip, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRIAGE_FILTERS, TRIAGE_SORTS, type TriageFilter, type TriageSort } from '../triage-model';

interface TriageBarProps {
  counts: Record<TriageFilter, number>;
  filter: TriageFilter | null;
  onFilter(filter: TriageFilter | null): void;
  sort: TriageSort;
  onSort(sort: TriageSort): void;
}

/** Filter chips with their counts (one at a time; choosing it again shows all) and the order of the cards. */
export function TriageBar({ counts, filter, onFilter, sort, onSort }: TriageBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" role="group" aria-label={t('liveView.triage.label')}>
      <Group gap="xs">
        {TRIAGE_FILTERS.map((key) => (
          <Chip
            key={key}
            size="sm"
            checked={filter === key}
            onChange={(checked) => onFilter(checked ? key : null)}
            color={key === 'errorNow' ? 'red.8' : key === 'offline' ? 'gray.7' : 'orange.9'}
          >
            {t(`liveView.triage.filters.${key}`, { count: counts[key] })}
          </Chip>
        ))}
      </Group>
      <Select
        size="xs"
        w={180}
        aria-label={t('liveView.triage.sortBy')}
        value={sort}
        allowDeselect={false}
        onChange={(value) => value && onSort(value as TriageSort)}
        data={TRIAGE_SORTS.map((value) => ({ value, label: t(`liveView.triage.sorts.${value}`) }))}
      />
    </Group>
  );
}
