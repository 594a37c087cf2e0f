import { LIVE_VIEW_SEARCH_DEBOUNCE_MS } from '@cbm/contracts/constants';
import { Autocomplete, Group, Text } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatterySuggestions } from '../api/get-battery-suggestions';
import { suggestionOptions } from '../live-view-model';

/** Suggestions follow the typing closely; the list itself waits for the longer search debounce (business constants). */
const SUGGESTIONS_DEBOUNCE_MS = 200;

interface BatterySearchProps {
  siteId: number;
  /** The typed text, trimmed, once typing pauses for the search debounce. */
  onSearch: (search: string) => void;
}

/**
 * The live view's search: a battery name or serial, with the site's matching batteries as suggestions. It keeps
 * the typed text itself, so that a keystroke renders the field, not the page of 99,999 batteries.
 */
export function BatterySearch({ siteId, onSearch }: BatterySearchProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const search = useDebouncedCallback((text: string) => onSearch(text.trim()), LIVE_VIEW_SEARCH_DEBOUNCE_MS);
  const onChange = (text: string) => {
    setValue(text);
    search(text);
  };
  const [typed] = useDebouncedValue(value.trim(), SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useBatterySuggestions(siteId, typed);
  const options = suggestionOptions(suggestions.data ?? [], value);
  return (
    <Autocomplete
      leftSection={<IconSearch size={16} />}
      placeholder={t('liveView.search')}
      aria-label={t('liveView.search')}
      value={value}
      onChange={onChange}
      data={options}
      // The server matched names and serials already; the options show names, so Mantine must not filter again.
      filter={({ options: all }) => all}
      renderOption={({ option }) => (
        <Group justify="space-between" wrap="nowrap" w="100%" gap="md">
          <Text size="sm">{options.find((entry) => entry.value === option.value)?.label}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Group>
      )}
      // Narrower when the toolbar is short of room (German labels, small windows); see the live view page.
      miw={220}
      maw={360}
      style={{ flex: 1 }}
    />
  );
}
