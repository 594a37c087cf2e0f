import type { AttributeFilter, EventAttribute } from '@cbm/contracts/events';
import { Group, MultiSelect, NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface AttributeFilterInputProps {
  attribute: EventAttribute;
  filter: AttributeFilter;
  onChange: (filter: AttributeFilter) => void;
}

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/** The input that fits the attribute: a number range, a date range, a text to look for, or a choice of values. */
export function AttributeFilterInput({ attribute, filter, onChange }: AttributeFilterInputProps) {
  const { t } = useTranslation();
  const name = t(`events.attributes.${attribute.name}`);
  if (attribute.kind === 'number') {
    return (
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          aria-label={t('events.min', { name })}
          placeholder={t('events.min', { name })}
          value={typeof filter.min === 'number' ? filter.min : ''}
          onChange={(value) => onChange({ ...filter, min: numberOrNull(value) })}
          w={150}
        />
        <NumberInput
          aria-label={t('events.max', { name })}
          placeholder={t('events.max', { name })}
          value={typeof filter.max === 'number' ? filter.max : ''}
          onChange={(value) => onChange({ ...filter, max: numberOrNull(value) })}
          w={150}
        />
      </Group>
    );
  }
  if (attribute.kind === 'date') {
    const date = (bound: 'min' | 'max') => (
      <TextInput
        type="date"
        aria-label={t(`events.${bound}`, { name })}
        value={typeof filter[bound] === 'string' ? (filter[bound] as string) : ''}
        onChange={(event) => onChange({ ...filter, [bound]: event.currentTarget.value || null })}
        w={170}
      />
    );
    return (
      <Group gap="xs" wrap="nowrap">
        {date('min')}
        {date('max')}
      </Group>
    );
  }
  if (attribute.kind === 'enum') {
    return (
      <MultiSelect
        aria-label={t('events.oneOf', { name })}
        placeholder={t('events.oneOf', { name })}
        data={(attribute.values ?? []).map((value) => ({
          value,
          label: t(`events.values.${attribute.name}.${value}`),
        }))}
        value={filter.values ?? []}
        onChange={(values) => onChange({ ...filter, values })}
        miw={240}
      />
    );
  }
  return (
    <TextInput
      aria-label={t('events.contains', { name })}
      placeholder={t('events.contains', { name })}
      value={filter.text ?? ''}
      onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
      w={240}
    />
  );
}
