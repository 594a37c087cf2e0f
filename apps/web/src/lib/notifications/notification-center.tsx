import { Portal, Stack, Notification as Toast } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type NotificationType, notifications } from './notification-store';

const COLORS: Record<NotificationType, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

/** Renders the toast queue, newest at the bottom; each toast can be dismissed. */
export function NotificationCenter() {
  const { t } = useTranslation();
  const queue = useSyncExternalStore(notifications.subscribe, notifications.list);
  return (
    <Portal>
      <Stack gap="xs" pos="fixed" bottom={16} right={16} w={360} maw="calc(100vw - 32px)" style={{ zIndex: 400 }}>
        {queue.map((item) => (
          <Toast
            key={item.id}
            role={item.type === 'error' ? 'alert' : 'status'}
            color={COLORS[item.type]}
            title={item.title}
            withBorder
            closeButtonProps={{ 'aria-label': t('notifications.dismiss') }}
            onClose={() => notifications.remove(item.id)}
          >
            {item.message}
          </Toast>
        ))}
      </Stack>
    </Portal>
  );
}
