import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { currentLanguage } from '../../../lib/i18n';
import { useSiteId } from '../../sites';
import { useBatteryProfile } from '../api/get-battery-profile';
import { useProfileSettings } from '../api/get-profile-settings';
import { bucketDuration, hasSamples, lastDays, profileRows } from '../profile-series';
import { ProfileCharts } from './profile-charts';
import { ProfilingSwitch } from './profiling-switch';

const OPENING_DAYS = 7;

/** Profile Analysis (route expert/profile/:serialNumber, not in the menu): one battery's history as charts. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const siteId = useSiteId();
  const serial = params.serialNumber ?? '';
  const settings = useProfileSettings(siteId, serial);
  const timeZone = settings.data?.timezone;
  const [chosen, setChosen] = useState<TimeRange | null>(null);
  const range = chosen ?? (timeZone ? lastDays(OPENING_DAYS, timeZone) : null);
  const profile = useBatteryProfile(siteId, serial, range);

  if (!settings.data || !timeZone) return settings.isPending ? <Loader size="sm" /> : null;
  const rows = profile.data ? profileRows(profile.data.points, timeZone, currentLanguage()) : [];
  const duration = profile.data ? bucketDuration(profile.data.bucketSeconds) : null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('menu.profileAnalysis')}
        </Title>
        <Text c="dimmed">
          {t('batteryProfile.subtitle', {
            name: settings.data.batteryName,
            serial: settings.data.batterySerialNumber,
            type: settings.data.batteryType,
          })}
        </Text>
      </div>
      <Paper withBorder p="md">
        <Group align="start" justify="space-between" gap="xl">
          <Stack gap={4}>
            <TimeRangeInput label={t('batteryProfile.range')} value={range} onChange={setChosen} timeZone={timeZone} />
            <Text size="xs" c="dimmed">
              {t('batteryProfile.timeZone', { timeZone })}
              {duration &&
                ` · ${t('batteryProfile.resolution', { duration: t(`batteryProfile.${duration.unit}`, { count: duration.count }) })}`}
            </Text>
          </Stack>
          <ProfilingSwitch siteId={siteId} settings={settings.data} />
        </Group>
      </Paper>
      {profile.isPending ? (
        <Loader size="sm" />
      ) : profile.data && hasSamples(profile.data.points) ? (
        <ProfileCharts rows={rows} titleOrder={2} />
      ) : (
        <Paper withBorder p="md">
          <Text fw={500}>{t('batteryProfile.noData')}</Text>
          <Text size="sm" c="dimmed">
            {t('batteryProfile.noDataHint')}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
