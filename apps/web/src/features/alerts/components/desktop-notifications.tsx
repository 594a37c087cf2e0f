import { Alert, Stack, Switch } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDesktopNotifications } from '../hooks/use-desktop-notifications';

const MESSAGE = { denied: 'blocked', default: 'notGranted', unsupported: 'unsupported' } as const;

/**
 * The switch for desktop notifications and, when the browser does not allow them, why (error catalogue texts). The
 * notifications themselves come from AlertNotifications in the app shell, on every page of the site.
 */
export function DesktopNotifications() {
  const { t } = useTranslation();
  const { enabled, permission, toggle } = useDesktopNotifications();
  const problem = enabled && permission !== 'granted' ? MESSAGE[permission] : undefined;
  return (
    <Stack gap={6}>
      <Switch
        label={t('alerts.desktop.toggle')}
        description={t('alerts.desktop.hint')}
        checked={enabled}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        disabled={permission === 'unsupported'}
      />
      {problem && (
        <Alert color="yellow" icon={<IconBellOff size={18} />} py={6} role="status">
          {t(`alerts.desktop.${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}
