import {
  type CampaignCreate,
  DEFAULT_CAMPAIGN_WAVES,
  DEFAULT_FAILURE_THRESHOLD_PERCENT,
  type SiteWindow,
} from '@cbm/contracts/firmware-campaigns';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCampaignSites, useCreateCampaign, usePreviewCampaign, useReleases } from '../api/firmware-campaigns';
import { SiteWindows } from './site-windows';

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** A new campaign: firmware, target batteries (sites, versions), waves, threshold and windows; preview, then start. */
export function CampaignForm({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const releases = useReleases(siteId);
  const usable = useCampaignSites(siteId);
  const preview = usePreviewCampaign(siteId);
  const create = useCreateCampaign(siteId);
  const [name, setName] = useState('');
  const [releaseId, setReleaseId] = useState<string | null>(null);
  const [siteIds, setSiteIds] = useState<string[]>([String(siteId)]);
  const [versions, setVersions] = useState('');
  const [offExpectedVersion, setOffExpectedVersion] = useState(false);
  const [waves, setWaves] = useState(DEFAULT_CAMPAIGN_WAVES.join(', '));
  const [threshold, setThreshold] = useState<number | string>(DEFAULT_FAILURE_THRESHOLD_PERCENT);
  const [windows, setWindows] = useState<Record<string, SiteWindow>>({});

  const target = {
    releaseId: Number(releaseId),
    operatingSiteIds: siteIds.map(Number),
    currentVersions: list(versions),
    offExpectedVersion,
  };
  const campaign = (): CampaignCreate => ({
    ...target,
    name,
    waves: list(waves).map(Number),
    failureThresholdPercent: Number(threshold),
    siteWindows: Object.fromEntries(Object.entries(windows).filter(([id]) => siteIds.includes(id))),
  });
  const start = () =>
    create.mutateAsync(campaign()).then(
      (created) => navigate(String(created.id)),
      () => undefined,
    );
  const sites = usable.data?.sites ?? [];
  const siteName = (id: string) => sites.find((site) => String(site.operatingSiteId) === id)?.name ?? id;
  const organization = usable.data?.organization.name ?? '';

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('firmwareCampaigns.newCampaign')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('firmwareCampaigns.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select
          label={t('firmwareCampaigns.firmware')}
          data={(releases.data?.releases ?? []).map((release) => ({
            value: String(release.id),
            label: release.version,
          }))}
          value={releaseId}
          onChange={setReleaseId}
          w={160}
        />
        {/* Searchable: its text box takes a click on the field; without one, the click fell on a site's remove button. */}
        <MultiSelect
          label={t('firmwareCampaigns.sites')}
          description={t('firmwareCampaigns.sitesHint', { organization })}
          data={sites.map((site) => ({ value: String(site.operatingSiteId), label: site.name }))}
          value={siteIds}
          onChange={setSiteIds}
          searchable
          miw={240}
        />
        <TextInput
          label={t('firmwareCampaigns.currentVersions')}
          description={t('firmwareCampaigns.currentVersionsHint')}
          value={versions}
          onChange={(e) => setVersions(e.currentTarget.value)}
        />
      </Group>
      <Checkbox
        label={t('firmwareCampaigns.offExpectedVersion', { organization })}
        checked={offExpectedVersion}
        onChange={(event) => setOffExpectedVersion(event.currentTarget.checked)}
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('firmwareCampaigns.waves')}
          description={t('firmwareCampaigns.wavesHint')}
          value={waves}
          onChange={(e) => setWaves(e.currentTarget.value)}
          w={320}
        />
        <NumberInput
          label={t('firmwareCampaigns.threshold')}
          description={t('firmwareCampaigns.thresholdHint')}
          value={threshold}
          onChange={setThreshold}
          min={0}
          max={100}
          w={320}
        />
      </Group>
      <SiteWindows siteIds={siteIds} siteName={siteName} windows={windows} onChange={setWindows} />
      <Group>
        <Button
          variant="default"
          disabled={!releaseId || siteIds.length === 0}
          loading={preview.isPending}
          onClick={() => preview.mutate(target)}
        >
          {t('firmwareCampaigns.preview')}
        </Button>
        <Button disabled={!releaseId || !name || siteIds.length === 0} loading={create.isPending} onClick={start}>
          {t('firmwareCampaigns.start')}
        </Button>
      </Group>
      {preview.data && (
        <Text size="sm" role="status">
          {t('firmwareCampaigns.previewResult', preview.data)}{' '}
          {preview.data.perSite.map((site) => `${site.name}: ${site.count}`).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
