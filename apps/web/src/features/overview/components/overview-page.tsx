import { Alert, Grid, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BATTERY_PAGE_FEATURE } from '../../../lib/page-paths';
import { useUser } from '../../session';
import { useOperatingSites } from '../../sites';
import { useAttention } from '../api/get-attention';
import { useFleetHealth } from '../api/get-fleet-health';
import { useHealthStream } from '../hooks/use-health-stream';
import { siteRows, streamedSites } from '../site-health-model';
import { AttentionList } from './attention-list';
import { HealthTotals, HealthTotalsSkeleton } from './health-totals';
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
  const siteTree = useOperatingSites();
  const sites = siteTree.data ?? [];
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
      {sites.length === 0 && !siteTree.isPending ? (
        <Grid.Col span={12}>
          <Alert color="gray">{t('overview.noSites')}</Alert>
        </Grid.Col>
      ) : (
        <>
          {withHealth && (
            <Grid.Col span={12}>
              {/* Space kept while the figures load, so that nothing below moves when they arrive (CLS). */}
              {health ? <HealthTotals total={health.total} /> : <HealthTotalsSkeleton />}
            </Grid.Col>
          )}
          {/* The map's width is fixed before the figures arrive: Leaflet fits the sites into its first size. Below
              md (a tablet in portrait, a phone) what needs attention comes first, the map after it. */}
          <Grid.Col span={{ base: 12, md: withHealth ? 7 : 12 }} order={{ base: 2, md: 1 }}>
            <SiteMap sites={sites} conditions={conditions} onEnter={enter} />
          </Grid.Col>
          {withHealth && (
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <AttentionList
                attention={attention}
                sites={sites}
                canOpenBattery={features.includes(BATTERY_PAGE_FEATURE)}
              />
            </Grid.Col>
          )}
          <Grid.Col span={12} order={3}>
            <SiteList rows={siteRows(sites, health?.sites)} onEnter={enter} />
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}
