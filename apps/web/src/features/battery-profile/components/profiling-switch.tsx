import type { ProfileSettings } from '@cbm/contracts/battery-profile';
import { Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { useSaveProfiling } from '../api/save-profiling';

/** Detailed profiling of the battery, on or off ('battery profiling saved'), with the available-from date. */
export function ProfilingSwitch({ siteId, settings }: { siteId: number; settings: ProfileSettings }) {
  const { t } = useTranslation();
  const save = useSaveProfiling(siteId, settings.batterySerialNumber);
  const name = settings.batteryName;

  const change = (hasProfiling: boolean) =>
    save.mutate(
      { hasProfiling },
      {
        onSuccess: () =>
          notifications.add({
            type: 'success',
            title: t('batteryProfile.profiling.saved'),
            message: t(hasProfiling ? 'batteryProfile.profiling.savedOn' : 'batteryProfile.profiling.savedOff', {
              name,
            }),
          }),
      },
    );

  return (
    <Stack gap={4}>
      <Switch
        label={t('batteryProfile.profiling.label')}
        description={t('batteryProfile.profiling.description')}
        checked={settings.hasProfiling}
        disabled={save.isPending}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        {settings.profileAvailableFrom
          ? t('batteryProfile.profiling.availableFrom', {
              date: formatDate(settings.profileAvailableFrom, currentLanguage()),
            })
          : t('batteryProfile.profiling.never')}
      </Text>
    </Stack>
  );
}
