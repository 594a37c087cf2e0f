import { Alert, Grid, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BATTERY_PAGE_FEATURE } from '../../battery-page/battery-page-path';
import { useUser } from '../../session/api/get-user';
import { useOperatingSites } from '../../sites/api/get-site-tree';
import { useAttention } from '../api/get-attention';
import { useFleetHealth } from '../api/get-fleet-health';
import { useHealthStream } from '../hooks/use-health-stream';
import { siteRows, streamedSites } from '../site-health-model';
import { AttentionList } from './attention-list';
import { HealthTotals } from './health-totals';
import { SiteList } from './site-list';
import { SiteMap } from './site-map';

/**
 * Overview: every operating site the user can see, on a map coloured by each site's worst state and in a list
 * with its health figures; the totals and the batteries that need attention (decision 039). Choosing a site
 * enters it.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sites = useOperatingSites().data ?? [];
  const features = useUser().data?.authorizedFeatures ?? [];
  const withHealth = features.includes('cbm_liveview');
  const health = useFleetHealth(withHealth).data;
  const attention = useAttention(withHealth).data;
  useHealthStream(streamedSites(health?.sites));
  const conditions = useMemo(
    () => new Map(health?.sites.map((site) => [site.operatingSiteId, site.condition])),
    [health],
  );
  const enter = (siteId: number) => navigate(`/${siteId}`);
  return (
    <Grid gap="md" p="md">
      <Grid.Col span={12}>
        <Title order={1} fz={24}>
          {t('overview.heading')}
        </Title>
      </Grid.Col>
      {sites.length === 0 ? (
        <Grid.Col span={12}>
          <Alert color="gray">{t('overview.noSites')}</Alert>
        </Grid.Col>
      ) : (
        <>
          {health && (
            <Grid.Col span={12}>
              <HealthTotals total={health.total} />
            </Grid.Col>
          )}
          {/* The map's width is fixed before the figures arrive: Leaflet fits the sites into its first size. */}
          <Grid.Col span={{ base: 12, md: withHealth ? 7 : 12 }}>
            <SiteMap sites={sites} conditions={conditions} onEnter={enter} />
          </Grid.Col>
          {withHealth && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <AttentionList
                attention={attention}
                sites={sites}
                canOpenBattery={features.includes(BATTERY_PAGE_FEATURE)}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <SiteList rows={siteRows(sites, health?.sites)} onEnter={enter} />
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}
