import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { currentLanguage } from '../../../lib/i18n';
import { hasSamples, lastDays, ProfileCharts, profileRows, useBatteryProfile } from '../../battery-profile';
import { useChargeSessions } from '../api/get-charge-sessions';
import { ChargeSessionsTable } from './charge-sessions-table';

const OPENING_DAYS = 1;

interface TrendSectionProps {
  siteId: number;
  serial: string;
  timeZone: string;
}

/**
 * SoC, current, voltage, cell temperatures and state over a chosen range (the profile data), and the range's
 * charge sessions (cbm_view).
 */
export function TrendSection({ siteId, serial, timeZone }: TrendSectionProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TimeRange | null>(null);
  const range = chosen ?? lastDays(OPENING_DAYS, timeZone);
  const profile = useBatteryProfile(siteId, serial, range);
  const sessions = useChargeSessions(siteId, serial, range);
  const rows = profile.data ? profileRows(profile.data.points, timeZone, currentLanguage()) : [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="battery-page-trends">
      <Title order={2} size="h4" id="battery-page-trends">
        {t('batteryPage.trends')}
      </Title>
      <TimeRangeInput label={t('batteryProfile.range')} value={range} onChange={setChosen} timeZone={timeZone} />
      {profile.isPending ? (
        <Loader size="sm" />
      ) : profile.data && hasSamples(profile.data.points) ? (
        <ProfileCharts rows={rows} titleOrder={3} />
      ) : (
        <Paper withBorder p="md">
          <Text fw={500}>{t('batteryProfile.noData')}</Text>
        </Paper>
      )}
      <Title order={2} size="h4">
        {t('batteryPage.sessions.title')}
      </Title>
      {sessions.data ? (
        <ChargeSessionsTable
          sessions={sessions.data.sessions}
          truncated={sessions.data.truncated}
          timeZone={timeZone}
        />
      ) : (
        <Loader size="sm" />
      )}
    </Stack>
  );
}
