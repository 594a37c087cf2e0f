import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClockZone } from '../../features/sites';
import { useConnectionLostSince } from '../../lib/connection/use-connection-state';
import { formatDateTime } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';

/**
 * While the live connection is lost (decision 085): a banner saying since when, and the page's values marked as
 * stale (dimmed, `data-stale`) until the stream is heard again.
 */
export function ConnectionState({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const zone = useClockZone();
  const lostSince = useConnectionLostSince();
  const since = lostSince === null ? '' : formatDateTime(lostSince, currentLanguage(), zone, { seconds: true });
  return (
    <>
      <div role="status" aria-live="polite">
        {lostSince !== null && (
          <Alert color="yellow" icon={<IconPlugConnectedX size={18} aria-hidden />} mb="sm" data-connection-lost>
            {t(navigator.onLine ? 'connection.reconnecting' : 'connection.offline', { since })}
          </Alert>
        )}
      </div>
      <div data-stale={lostSince !== null || undefined} style={lostSince === null ? undefined : { opacity: 0.55 }}>
        {children}
      </div>
    </>
  );
}
