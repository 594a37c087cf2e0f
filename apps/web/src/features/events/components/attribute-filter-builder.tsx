import { type AttributeFilter, type EventProduct, eventAttribute, eventAttributesOf } from '@cbm/contracts/events';
import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emptyFilter } from '../event-view-model';
import { AttributeFilterInput } from './attribute-filter-input';

interface AttributeFilterBuilderProps {
  product: EventProduct;
  filters: AttributeFilter[];
  onChange: (filters: AttributeFilter[]) => void;
}

/** Filters over every filterable attribute of the product (entity fields); the time is chosen with the time range. */
export function AttributeFilterBuilder({ product, filters, onChange }: AttributeFilterBuilderProps) {
  const { t } = useTranslation();
  const choices = eventAttributesOf(product)
    .filter((attribute) => attribute.kind !== 'timestamp')
    .map((attribute) => ({ value: attribute.name, label: t(`events.attributes.${attribute.name}`) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const add = (name: string | null) => {
    const attribute = name ? eventAttribute(product, name) : undefined;
    if (attribute) onChange([...filters, emptyFilter(attribute)]);
  };
  const replace = (index: number, filter: AttributeFilter) =>
    onChange(filters.map((current, i) => (i === index ? filter : current)));

  return (
    <Stack gap="xs">
      {filters.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('events.noFilters')}
        </Text>
      )}
      {filters.map((filter, index) => {
        const attribute = eventAttribute(product, filter.name);
        if (!attribute) return null;
        const name = t(`events.attributes.${attribute.name}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same attribute may be filtered twice; rows have no id
          <Group key={`${filter.name}-${index}`} gap="xs" wrap="nowrap" data-testid="attribute-filter">
            <Text size="sm" w={220} fw={500}>
              {name}
            </Text>
            <AttributeFilterInput attribute={attribute} filter={filter} onChange={(next) => replace(index, next)} />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('events.removeFilter', { name })}
              onClick={() => onChange(filters.filter((_, i) => i !== index))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Select
        aria-label={t('events.addFilter')}
        placeholder={t('events.addFilter')}
        searchable
        data={choices}
        value={null}
        onChange={add}
        w={280}
        nothingFoundMessage={t('common.nothingFound')}
      />
    </Stack>
  );
}
