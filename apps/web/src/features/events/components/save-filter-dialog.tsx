import { EVENT_FILTER_NAME_MAX } from '@cbm/contracts/events';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SaveFilterDialogProps {
  initialName: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}

export function SaveFilterDialog({ initialName, saving, onSave, onClose }: SaveFilterDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  return (
    <Modal opened onClose={onClose} title={t('events.saved.save')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) onSave(name.trim());
        }}
      >
        <TextInput
          label={t('events.saved.name')}
          description={t('events.saved.nameHint')}
          value={name}
          maxLength={EVENT_FILTER_NAME_MAX}
          required
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('events.saved.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            {t('events.saved.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
