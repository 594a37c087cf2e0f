import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartLine, IconCopy, IconTerminal2, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatNumberText } from '../../../lib/number-text';
import { useClockZone } from '../../sites';
import { fieldText } from './field-text';

/** The entity fields that the table's columns do not show. */
const DETAIL_FIELDS = [
  'displayId',
  'hwSerial',
  'ecuSerialNumber',
  'product',
  'cellType',
  'batteryCapacity',
  'nominalEnergy',
  'nominalVoltage',
  'moduleCount',
  'moduleElectronic',
  'parameterSet',
  'productionDate',
  'trayNumber',
  'charger',
  'powerLimit',
  'maxCellTemperature',
  'minCellTemperature',
  'maxCellVoltage',
  'minCellVoltage',
  'operatingLimitEnergy',
  'operatingLimitHours',
  'operatingLimitMonths',
  'totalOperatingMonths',
  'profileAvailableFrom',
] as const satisfies readonly (keyof BatteryListItem)[];

interface BatteryDetailsProps {
  battery: BatteryListItem;
  siteId: number;
  /** The visible width of the table: the details stay in view however far the table is scrolled. */
  width: number;
  canUpdate: boolean;
  remoteUntil: string | undefined;
  enablingRemote: boolean;
  onCopySerial: () => void;
  onEnableRemote: () => void;
  onOpenUpdate: () => void;
}

/** The expanded row: every other field, the last data, and the battery's service actions. */
export function BatteryDetails(props: BatteryDetailsProps) {
  const { battery, siteId, canUpdate, remoteUntil } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const lastData = battery.lastData ?? {};
  const current = typeof lastData.current === 'number' ? `${formatNumberText(lastData.current, language)} A` : '–';
  return (
    <Stack
      gap="sm"
      p="xs"
      aria-label={battery.batterySerialNumber}
      role="region"
      pos="sticky"
      left={0}
      w={props.width > 0 ? props.width - 32 : undefined}
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
        {DETAIL_FIELDS.map((field) => (
          <Detail
            key={field}
            label={t(`batteryList.fields.${field}`)}
            value={fieldText(battery, field, language, zone)}
          />
        ))}
        <Detail
          label={t('batteryList.fields.hasProfiling')}
          value={t(battery.hasProfiling ? 'batteryList.fields.yes' : 'batteryList.fields.no')}
        />
        <Detail label={t('batteryList.fields.current')} value={current} />
      </SimpleGrid>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={props.onCopySerial}>
          {t('batteryList.copySerial')}
        </Button>
        {canUpdate && (
          <Button size="xs" leftSection={<IconUpload size={14} />} onClick={props.onOpenUpdate}>
            {t('batteryList.softwareUpdate')}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTerminal2 size={14} />}
          loading={props.enablingRemote}
          onClick={props.onEnableRemote}
          title={t('batteryList.remote.explanation')}
        >
          {t('batteryList.remote.enable')}
        </Button>
        <Anchor component={Link} to={`/${siteId}/expert/profile/${encodeURIComponent(battery.batterySerialNumber)}`}>
          <Group gap={4}>
            <IconChartLine size={14} aria-hidden />
            {t('batteryList.profileAnalysis')}
          </Group>
        </Anchor>
        {remoteUntil && (
          <Badge color="teal" variant="light">
            {t('batteryList.remote.enabledUntil', { until: formatDateTime(remoteUntil, language, zone) })}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
