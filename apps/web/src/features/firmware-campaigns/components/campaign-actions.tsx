import type { CampaignProgress } from '@cbm/contracts/firmware-campaigns';
import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteId } from '../../sites';
import { useReleases, useSteerCampaign } from '../api/firmware-campaigns';

/** Pause a running campaign; resume a paused one (optionally with another firmware); cancel either, confirmed. */
export function CampaignActions({ campaign }: { campaign: CampaignProgress }) {
  const { t } = useTranslation();
  const steer = useSteerCampaign(campaign.id);
  const releases = useReleases(useSiteId());
  const [releaseId, setReleaseId] = useState<string | null>(String(campaign.release.id));
  const [cancelling, setCancelling] = useState(false);
  const open = campaign.status === 'running' || campaign.status === 'paused';
  const run = (action: 'pause' | 'resume' | 'cancel', release?: number) =>
    steer.mutateAsync({ action, ...(release === undefined ? {} : { releaseId: release }) }).then(
      () => setCancelling(false),
      () => undefined,
    );
  if (!open) return null;
  return (
    <Group align="flex-end">
      {campaign.status === 'running' && (
        <Button onClick={() => run('pause')} loading={steer.isPending && steer.variables?.action === 'pause'}>
          {t('firmwareCampaigns.pause')}
        </Button>
      )}
      {campaign.status === 'paused' && (
        <>
          <Select
            label={t('firmwareCampaigns.resumeWith')}
            data={(releases.data?.releases ?? []).map((release) => ({
              value: String(release.id),
              label: release.version,
            }))}
            value={releaseId}
            onChange={setReleaseId}
            w={180}
          />
          <Button onClick={() => run('resume', Number(releaseId))} loading={steer.isPending}>
            {t('firmwareCampaigns.resume')}
          </Button>
        </>
      )}
      <Button variant="light" color="red" onClick={() => setCancelling(true)}>
        {t('firmwareCampaigns.cancel')}
      </Button>
      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title={t('firmwareCampaigns.cancelTitle', { name: campaign.name })}
      >
        <Text>{t('firmwareCampaigns.cancelText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setCancelling(false)}>
            {t('firmwareCampaigns.keep')}
          </Button>
          <Button color="red" loading={steer.isPending} onClick={() => run('cancel')}>
            {t('firmwareCampaigns.cancel')}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
