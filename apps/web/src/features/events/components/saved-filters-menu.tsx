import type { SavedEventFilter } from '@cbm/contracts/events';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { notifications } from '../../../lib/notifications/notification-store';
import { useDeleteFilter, useSavedFilters, useSaveFilter } from '../api/saved-filters';
import type { EventProductConfig } from '../event-products';
import type { EventViewState } from '../event-view-model';
import { SaveFilterDialog } from './save-filter-dialog';

interface SavedFiltersMenuProps {
  config: EventProductConfig;
  state: EventViewState;
  onLoad: (filter: SavedEventFilter) => void;
  onSaved: (filter: SavedEventFilter) => void;
  onDeleted: (id: number) => void;
}

/** Load, save and delete the user's saved filters ('Filter saved', 'Filter deleted', error catalogue). */
export function SavedFiltersMenu({ config, state, onLoad, onSaved, onDeleted }: SavedFiltersMenuProps) {
  const { t } = useTranslation();
  const filters = useSavedFilters(config);
  const save = useSaveFilter(config);
  const remove = useDeleteFilter(config);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const active = filters.data?.find((filter) => filter.id === state.activeFilterId);
  const title = t(config.titleKey);

  const store = (name: string) =>
    save.mutate(
      { name, columns: state.columns, attributeFilters: state.attributeFilters },
      {
        onSuccess: (saved) => {
          setDialogOpen(false);
          onSaved(saved);
          notifications.add({ type: 'success', title, message: t('events.saved.filterSaved') });
        },
      },
    );
  const deleteActive = () => {
    if (!active) return;
    remove.mutate(active.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        onDeleted(active.id);
        notifications.add({ type: 'success', title, message: t('events.saved.filterDeleted') });
      },
    });
  };

  return (
    <Group gap="xs" align="flex-end">
      <Select
        label={t('events.saved.label')}
        placeholder={filters.data?.length ? t('events.saved.placeholder') : t('events.saved.none')}
        data={(filters.data ?? []).map((filter) => ({ value: String(filter.id), label: filter.name }))}
        value={active ? String(active.id) : null}
        onChange={(id) => {
          const chosen = filters.data?.find((filter) => String(filter.id) === id);
          if (chosen) onLoad(chosen);
        }}
        w={280}
      />
      <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setDialogOpen(true)}>
        {t('events.saved.save')}
      </Button>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} />}
        disabled={!active}
        loading={remove.isPending}
        onClick={() => setConfirmDelete(true)}
      >
        {t('events.saved.delete')}
      </Button>
      {confirmDelete && active && (
        <ConfirmDialog
          title={t('events.saved.deleteTitle')}
          confirmLabel={t('events.saved.delete')}
          cancelLabel={t('events.saved.cancel')}
          color="red"
          loading={remove.isPending}
          onConfirm={deleteActive}
          onClose={() => setConfirmDelete(false)}
        >
          <Text>{t('events.saved.deleteText', { name: active.name })}</Text>
        </ConfirmDialog>
      )}
      {dialogOpen && (
        <SaveFilterDialog
          initialName={active?.name ?? ''}
          saving={save.isPending}
          onSave={store}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </Group>
  );
}
