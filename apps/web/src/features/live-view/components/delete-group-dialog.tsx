import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DeleteGroupDialogProps {
  name: string;
  onDelete(): Promise<unknown>;
  onClose(): void;
}

/** Confirms deleting a group; its batteries move to Ungrouped. */
export function DeleteGroupDialog({ name, onDelete, onClose }: DeleteGroupDialogProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await onDelete();
      onClose();
    } catch {
      setDeleting(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('liveView.group.deleteTitle', { name })}>
      <Text>{t('liveView.group.deleteText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('liveView.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={confirm}>
          {t('liveView.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
