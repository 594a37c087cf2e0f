import { Anchor, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone, useSiteId } from '../../sites';
import { useCampaigns } from '../api/firmware-campaigns';
import { CampaignForm } from './campaign-form';
import { STATUS_COLORS } from './campaign-status';
import { ReleaseLibrary } from './release-library';

/** Firmware library and campaigns of the site's organisation (docs/decisions/038-firmware-campaigns.md). */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const siteId = useSiteId();
  const campaigns = useCampaigns(siteId);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.firmwareCampaigns')}
      </Title>
      <Paper withBorder p="md">
        <ReleaseLibrary siteId={siteId} />
      </Paper>
      <Paper withBorder p="md">
        <CampaignForm siteId={siteId} />
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('firmwareCampaigns.campaigns')}
          </Title>
          {campaigns.isPending ? (
            <Loader size="sm" />
          ) : campaigns.data?.campaigns.length ? (
            <Table striped aria-label={t('firmwareCampaigns.campaigns')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('firmwareCampaigns.name')}</Table.Th>
                  <Table.Th>{t('firmwareCampaigns.firmware')}</Table.Th>
                  <Table.Th>{t('firmwareCampaigns.batteries')}</Table.Th>
                  <Table.Th>{t('firmwareCampaigns.status')}</Table.Th>
                  <Table.Th>{t('firmwareCampaigns.uploadedBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaigns.data.campaigns.map((campaign) => (
                  <Table.Tr key={campaign.id}>
                    <Table.Td>
                      <Anchor component={Link} to={String(campaign.id)}>
                        {campaign.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{campaign.release.version}</Table.Td>
                    <Table.Td>{campaign.total}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[campaign.status]}>
                        {t(`firmwareCampaigns.statuses.${campaign.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {campaign.createdBy ?? '–'}, {formatDateTime(campaign.createdAt, language, zone)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm">{t('firmwareCampaigns.noCampaigns')}</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
