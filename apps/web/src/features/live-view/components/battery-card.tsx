import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTimeIn } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { currentErrorText, isDisconnected } from '../live-view-model';

function currentErrorTitle(code: string, t: TFunction) {
  const error = currentErrorText(code, currentLanguage());
  return error.description ? t('liveView.battery.currentErrorText', error) : t('liveView.battery.currentError', error);
}

const STATUS_COLORS: Record<LiveViewBattery['status'], string> = {
  charging: 'green',
  discharging: 'blue',
  standby: 'teal',
  idle: 'gray',
  online: 'green',
  offline: 'gray',
  connected: 'teal',
  'not connected': 'gray',
  error: 'red',
};

interface BatteryCardProps {
  battery: LiveViewBattery;
  layout: 'grid' | 'list';
  siteId: number;
  canOpenErrors: boolean;
  /** The site's time zone: the last data time is shown as the site's clocks show it. */
  timeZone: string;
  menu: ReactNode;
}

/**
 * List layout: each field's share of the row, after the room its longest label or value needs (German, the
 * longer language: 'Stapelspannung', '19,4 … 21,1 °C', '21.11.2026 20:51'), so that all fit in a 1280 px window.
 */
const LIST_SHARES = {
  serial: 9,
  type: 6,
  soc: 4,
  soh: 4,
  stackVoltage: 10,
  temperatures: 10,
  charger: 7,
  lastData: 11,
  nextService: 10,
} as const;
type FieldKey = keyof typeof LIST_SHARES;

const number = (value: number | null, unit: string, digits = 1) =>
  value === null ? '—' : `${value.toLocaleString(currentLanguage(), { maximumFractionDigits: digits })} ${unit}`;

/** One battery: its live figures; red border for a current error, orange triangle for one within 24 h. */
export function BatteryCard({ battery, layout, siteId, canOpenErrors, timeZone, menu }: BatteryCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const disconnected = isDisconnected(battery);
  const temperatures =
    battery.minCellTemperature === null && battery.maxCellTemperature === null
      ? '—'
      : `${number(battery.minCellTemperature, '', 1).trim()} … ${number(battery.maxCellTemperature, '°C')}`;
  const fields: [FieldKey, string][] = [
    ['serial', battery.batterySerialNumber],
    ['type', battery.type],
    ['soc', number(battery.soc, '%', 0)],
    ['soh', number(battery.soh, '%', 0)],
    ['stackVoltage', number(battery.stackVoltage, 'V')],
    ['temperatures', temperatures],
    ['charger', battery.chargerName ?? '—'],
    ['lastData', battery.lastDataTimestamp ? formatDateTimeIn(battery.lastDataTimestamp, language, timeZone) : '—'],
    ['nextService', battery.nextServiceDate ? formatDate(battery.nextServiceDate, language) : '—'],
  ];
  const triangle = battery.errorWithin24h && (
    <Tooltip label={t('liveView.battery.errorRecent')}>
      {canOpenErrors ? (
        <Anchor
          component={Link}
          to={`/${siteId}/expert/filter/${encodeURIComponent(battery.batterySerialNumber)}`}
          aria-label={t('liveView.battery.errorRecentLink')}
          c="orange"
          lh={0}
        >
          <IconAlertTriangle size={20} />
        </Anchor>
      ) : (
        <IconAlertTriangle
          size={20}
          color="var(--mantine-color-orange-6)"
          aria-label={t('liveView.battery.errorRecent')}
        />
      )}
    </Tooltip>
  );
  return (
    <Paper
      role="article"
      aria-label={battery.batteryName}
      withBorder
      p="sm"
      h="100%"
      data-disconnected={disconnected || undefined}
      style={{
        borderColor: battery.hasCurrentError ? 'var(--mantine-color-red-6)' : undefined,
        borderWidth: battery.hasCurrentError ? 2 : undefined,
        borderStyle: disconnected ? 'dashed' : undefined,
        background: disconnected ? 'var(--mantine-color-gray-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={layout === 'grid' ? 'xs' : 0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text fw={600} truncate title={battery.batteryName}>
            {battery.batteryName}
          </Text>
          {triangle}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge
            color={STATUS_COLORS[battery.status]}
            variant={disconnected ? 'outline' : 'light'}
            title={battery.currentErrorCode ? currentErrorTitle(battery.currentErrorCode, t) : undefined}
          >
            {t(`batteryStatus.${battery.status}`)}
          </Badge>
          {menu}
        </Group>
      </Group>
      {layout === 'grid' ? (
        <Stack gap={2}>
          {fields.map(([key, value]) => (
            <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed">
                {t(`liveView.fields.${key}`)}
              </Text>
              <Text size="xs" truncate>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Group gap="sm" wrap="nowrap">
          {fields.map(([key, value]) => (
            <Text key={key} size="xs" truncate miw={0} style={{ flex: `${LIST_SHARES[key]} 1 0` }}>
              <Text span c="dimmed" size="xs" display="block">
                {t(`liveView.fields.${key}`)}
              </Text>
              {value}
            </Text>
          ))}
        </Group>
      )}
    </Paper>
  );
}
