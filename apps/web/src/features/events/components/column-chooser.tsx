import type { EventColumn } from '@cbm/contracts/events';
import { Button, Checkbox, Popover, ScrollArea, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ColumnChooserProps {
  columns: EventColumn[];
  selected: string[];
  onChange: (columns: string[]) => void;
  onReset: () => void;
}

/** Which columns the results table shows; they keep the order of the column definitions. */
export function ColumnChooser({ columns, selected, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    const ordered = columns.map((column) => column.fieldName).filter((fieldName) => next.has(fieldName));
    if (ordered.length > 0) onChange(ordered);
  };
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t('events.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('events.chooseColumns')}>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={6}>
            {columns.map(({ fieldName }) => (
              <Checkbox
                key={fieldName}
                label={t(`events.attributes.${fieldName}`)}
                checked={selected.includes(fieldName)}
                onChange={(event) => toggle(fieldName, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button variant="subtle" size="xs" mt="sm" onClick={onReset}>
          {t('events.resetColumns')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
