import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCampaign } from '../api/firmware-campaigns';
import { CampaignActions } from './campaign-actions';
import { STATUS_COLORS } from './campaign-status';
import { CountsTable, FailedTable } from './campaign-tables';

/** A campaign's progress: counts per state, wave and site, the failed batteries; live while it runs. */
export default function CampaignPage() {
  const { t } = useTranslation();
  const campaignId = Number(useParams().campaignId);
  const campaign = useCampaign(campaignId);
  const data = campaign.data;
  if (!data) return <Loader size="sm" />;
  const status = data.pausedReason
    ? `${t(`firmwareCampaigns.statuses.${data.status}`)}: ${t(`firmwareCampaigns.pausedReasons.${data.pausedReason}`, { wave: data.currentWave })}`
    : t(`firmwareCampaigns.statuses.${data.status}`);
  return (
    <Stack gap="md">
      <Anchor component={Link} to=".." relative="path">
        {t('firmwareCampaigns.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {data.name} · {data.release.version}
        </Title>
        <CampaignActions campaign={data} />
      </Group>
      <Group gap="sm">
        <Badge size="lg" color={STATUS_COLORS[data.status]} data-testid="campaign-status">
          {status}
        </Badge>
        <Text size="sm">
          {t('firmwareCampaigns.currentWave', { wave: data.currentWave, total: data.waves.length })}
        </Text>
        <Text size="sm" data-testid="campaign-delivery">
          {t('firmwareCampaigns.delivery', { ...data.delivery, total: data.total })}
        </Text>
        {data.status === 'running' && (
          <Text size="sm" c="dimmed">
            {t('firmwareCampaigns.liveHint')}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Paper withBorder p="md">
          <CountsTable
            title={t('firmwareCampaigns.perState')}
            rows={[{ key: 'all', label: t('firmwareCampaigns.batteries'), total: data.total, states: data.perState }]}
          />
        </Paper>
        <Paper withBorder p="md">
          <CountsTable
            title={t('firmwareCampaigns.perWave')}
            rows={data.perWave.map((wave) => ({
              key: String(wave.wave),
              label: t('firmwareCampaigns.wave', { wave: wave.wave }),
              total: wave.total,
              states: wave.states,
            }))}
          />
        </Paper>
        <Paper withBorder p="md">
          <CountsTable
            title={t('firmwareCampaigns.perSite')}
            rows={data.perSite.map((site) => ({ key: String(site.operatingSiteId), label: site.name, ...site }))}
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <FailedTable failed={data.failed} />
      </Paper>
    </Stack>
  );
}
