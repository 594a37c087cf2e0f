import type { Feature } from '@cbm/contracts/features';
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { licencesQuery } from '../../licences/api/get-licences';
import { useBatteryGroups } from '../../live-view/api/get-battery-groups';
import { useUser } from '../../session/api/get-user';
import { useSiteTimeZone } from '../../sites/api/get-site-tree';
import { useSiteId } from '../../sites/use-site-id';
import { useBatteryDetails } from '../api/get-battery-details';
import { usePageBattery } from '../api/get-page-battery';
import { useBatteryStream } from '../hooks/use-battery-stream';
import { BatteryActions } from './battery-actions';
import { BatteryHeader } from './battery-header';
import { EventsTimeline } from './events-timeline';
import { DatalogsSection, UpdateJobsSection } from './service-sections';
import { TrendSection } from './trend-section';

const NO_FEATURES: readonly Feature[] = [];

/** A battery's page (route batteries/:serial, cbm_liveview; decision 041): live state, trends, service, actions. */
export default function BatteryPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const serial = useParams().serial ?? '';
  const features = useUser().data?.authorizedFeatures ?? NO_FEATURES;
  const holds = (feature: Feature) => features.includes(feature);
  const timeZone = useSiteTimeZone(siteId);
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
      {holds('cbm_view') && <TrendSection siteId={siteId} serial={serial} timeZone={timeZone} />}
      {holds('cbm_filter') && <EventsTimeline siteId={siteId} serial={serial} timeZone={timeZone} />}
      {holds('cbm_update') && <UpdateJobsSection siteId={siteId} serial={serial} />}
      {holds('cbm_datalog') && <DatalogsSection siteId={siteId} serial={serial} />}
    </Stack>
  );
}
