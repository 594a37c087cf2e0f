import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** red for destructive actions, the theme colour for device-affecting ones */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive or device-affecting action; the confirm button has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  color,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="sm">{children}</Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
