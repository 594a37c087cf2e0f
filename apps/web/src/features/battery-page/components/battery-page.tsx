import type { Feature } from '@cbm/contracts/features';
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeviceAlarmsSection } from '../../alarms';
import { LifecycleSection } from '../../battery-care';
import { HistorySection } from '../../battery-history';
import { licencesQuery } from '../../licences';
import { useBatteryGroups } from '../../live-view';
import { useUser } from '../../session';
import { useClockZone, useSiteId } from '../../sites';
import { useBatteryDetails } from '../api/get-battery-details';
import { usePageBattery } from '../api/get-page-battery';
import { useBatteryStream } from '../hooks/use-battery-stream';
import { BatteryActions } from './battery-actions';
import { BatteryHeader } from './battery-header';
import { DatalogsSection, UpdateJobsSection } from './service-sections';
import { TrendSection } from './trend-section';

const NO_FEATURES: readonly Feature[] = [];

/**
 * A battery's page (route batteries/:serial, cbm_liveview; decision 041): live state, its history for everyone who
 * sees it (decision 115), expert trends, service, actions.
 */
export default function BatteryPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const serial = useParams().serial ?? '';
  const features = useUser().data?.authorizedFeatures ?? NO_FEATURES;
  const holds = (feature: Feature) => features.includes(feature);
  const timeZone = useClockZone();
  const battery = usePageBattery(siteId, serial);
  const groups = useBatteryGroups(siteId);
  const details = useBatteryDetails(siteId, serial, holds('cbm_view'));
  // Licences answer only within the user's admin scope (404 elsewhere): asked silently, shown when known.
  const licences = useQuery({ ...licencesQuery(siteId), enabled: holds('cbm_update'), meta: { silent: true } });
  useBatteryStream(siteId, serial);

  if (!battery.data) return battery.isPending ? <Loader /> : <Text>{t('batteryPage.notFound', { serial })}</Text>;
  const licence = licences.data && (licences.data.find((entry) => entry.batterySerialNumber === serial) ?? null);
  return (
    <Stack gap="md">
      <BatteryHeader
        battery={battery.data}
        details={details.data}
        licence={licence}
        timeZone={timeZone}
        canOpenCampaign={holds('cbm_update')}
      />
      <BatteryActions siteId={siteId} battery={battery.data} groups={groups.data ?? []} features={features} />
      {holds('cbm_alert') && <DeviceAlarmsSection siteId={siteId} serial={serial} />}
      <HistorySection
        siteId={siteId}
        serial={serial}
        timeZone={timeZone}
        eventsPath={holds('cbm_filter') ? `/${siteId}/expert/filter/${encodeURIComponent(serial)}` : undefined}
      />
      {holds('cbm_view') && <TrendSection siteId={siteId} serial={serial} timeZone={timeZone} />}
      {holds('cbm_view') && <LifecycleSection siteId={siteId} serial={serial} />}
      {holds('cbm_update') && <UpdateJobsSection siteId={siteId} serial={serial} />}
      {holds('cbm_datalog') && <DatalogsSection siteId={siteId} serial={serial} />}
    </Stack>
  );
}
