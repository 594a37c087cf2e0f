import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';

/**
 * "Figures as of …" under figures read from a replica (READ_DATABASE_URL, decision 126), which may lag the
 * primary's; nothing where the server read the primary (no `asOf`).
 */
export function FiguresAsOf({ asOf, timeZone }: { asOf: string | undefined; timeZone: string }) {
  const { t } = useTranslation();
  if (!asOf) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('common.figuresAsOf', { time: formatDateTime(asOf, currentLanguage(), timeZone, { seconds: true }) })}
    </Text>
  );
}
