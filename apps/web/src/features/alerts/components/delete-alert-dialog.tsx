import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useDeleteAlert } from '../api/delete-alert';

interface DeleteAlertDialogProps {
  product: AlertProduct;
  siteId: number;
  alert: Alert;
  onClose: () => void;
}

export function DeleteAlertDialog({ product, siteId, alert, onClose }: DeleteAlertDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAlert(product, siteId);
  const confirm = () =>
    remove.mutate(alert.id, {
      onSuccess: () => {
        notifications.add({
          type: 'success',
          title: t('alerts.toasts.deleted'),
          message: t('alerts.toasts.deletedMessage', { name: alert.name }),
        });
        onClose();
      },
    });
  return (
    <Modal opened onClose={onClose} title={t('alerts.deleteDialog.title')}>
      <Text>{t('alerts.deleteDialog.text', { name: alert.name })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('alerts.deleteDialog.cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
          {t('alerts.deleteDialog.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
