import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { VERSION_FIELDS } from '@cbm/contracts/battery-list';
import type { DeviceLicence } from '@cbm/contracts/licences';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { campaignPagePath } from '../../../lib/page-paths';
import { currentErrorText } from '../../live-view';
import { FigureGrid } from './figure-grid';

interface BatteryHeaderProps {
  battery: LiveViewBattery;
  details: BatteryListItem | undefined;
  /** The display unit mounted on it with its licence end; null without one, undefined when not known. */
  licence: DeviceLicence | null | undefined;
  timeZone: string;
  /** With cbm_update the battery's campaign links to the campaign's page. */
  canOpenCampaign: boolean;
}

const number = (value: number | null, unit: string, digits = 1) =>
  value === null ? '—' : `${value.toLocaleString(currentLanguage(), { maximumFractionDigits: digits })} ${unit}`;

/** Name, state and live figures (pushed by the stream), group, licence and, with cbm_view, the versions. */
export function BatteryHeader({ battery, details, licence, timeZone, canOpenCampaign }: BatteryHeaderProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const error = battery.currentErrorCode ? currentErrorText(battery.currentErrorCode, language) : null;
  const licenceText = !licence
    ? t('batteryPage.noLicence')
    : licence.eoLDate
      ? t('batteryPage.licenceUntil', { date: formatDate(licence.eoLDate, language), displayId: licence.displayId })
      : t('batteryPage.licenceOpen', { displayId: licence.displayId });
  const figures: [string, string][] = [
    [t('liveView.fields.soc'), number(battery.soc, '%', 0)],
    [t('liveView.fields.soh'), number(battery.soh, '%', 0)],
    [t('liveView.fields.stackVoltage'), number(battery.stackVoltage, 'V')],
    [t('batteryPage.minCellTemperature'), number(battery.minCellTemperature, '°C')],
    [t('batteryPage.maxCellTemperature'), number(battery.maxCellTemperature, '°C')],
    [t('liveView.fields.charger'), battery.chargerName ?? '—'],
    [
      t('liveView.fields.lastData'),
      battery.lastDataTimestamp ? formatDateTime(battery.lastDataTimestamp, language, timeZone) : '—',
    ],
    [t('liveView.fields.nextService'), battery.nextServiceDate ? formatDate(battery.nextServiceDate, language) : '—'],
    [t('batteryPage.group'), battery.groupName ?? t('liveView.ungrouped')],
  ];
  if (licence !== undefined) figures.push([t('batteryPage.licence'), licenceText]);
  const versions = details
    ? VERSION_FIELDS.map((field) => [t(`batteryList.columns.${field}`), details[field] ?? '—'] as const)
    : [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="start">
          <div>
            <Title order={1} size="h2">
              {battery.batteryName}
            </Title>
            <Text c="dimmed">
              {t('batteryPage.subtitle', { serial: battery.batterySerialNumber, type: battery.type })}
            </Text>
            {details?.campaign && (
              <CampaignLine siteId={details.operatingSiteId} campaign={details.campaign} linked={canOpenCampaign} />
            )}
          </div>
          <Badge size="lg" color={battery.hasCurrentError ? 'red' : 'blue'} variant="light" data-testid="battery-state">
            {t(`batteryStatus.${battery.status}`)}
          </Badge>
        </Group>
        {error && (
          <Text c="red.8" fw={500}>
            {error.description
              ? t('liveView.battery.currentErrorText', error)
              : t('liveView.battery.currentError', error)}
          </Text>
        )}
        <FigureGrid figures={figures} />
        {versions.length > 0 && (
          <section aria-label={t('batteryPage.versions')}>
            <Title order={2} size="h5" mb={4}>
              {t('batteryPage.versions')}
            </Title>
            <FigureGrid figures={versions} />
          </section>
        )}
      </Stack>
    </Paper>
  );
}

interface CampaignLineProps {
  siteId: number;
  campaign: NonNullable<BatteryListItem['campaign']>;
  linked: boolean;
}

/** The open firmware campaign the battery is in (decision 038), paused ones marked. */
function CampaignLine({ siteId, campaign, linked }: CampaignLineProps) {
  const { t } = useTranslation();
  const name = campaign.status === 'paused' ? t('batteryPage.campaignPaused', { name: campaign.name }) : campaign.name;
  return (
    <Text size="sm" data-testid="battery-campaign">
      {t('batteryPage.campaign')}{' '}
      {linked ? (
        <Anchor component={Link} to={campaignPagePath(siteId, campaign.id)}>
          {name}
        </Anchor>
      ) : (
        name
      )}
    </Text>
  );
}
