import { healthState, isDisconnected, isLowSoc, serviceState } from '@cbm/contracts/fleet-health';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Anchor, Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { offlineForText } from '../../../lib/durations';
import { currentLanguage } from '../../../lib/i18n';
import { batteryPagePath } from '../../../lib/page-paths';
import { currentErrorText } from '../live-view-model';

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
  silent: 'orange',
  error: 'red',
};

interface BatteryCardProps {
  battery: LiveViewBattery;
  layout: 'grid' | 'list';
  siteId: number;
  canOpenErrors: boolean;
  /** Whether the user may open the battery's page: the name links to it and a click on the card opens it. */
  canOpenPage: boolean;
  /** The site's time zone: the last data time is shown as the site's clocks show it. */
  timeZone: string;
  /** YYYY-MM-DD in the site's calendar: service due or overdue. */
  today: string;
  menu: ReactNode;
  /** 'Update data' in progress, or its result (the card's status line). */
  refreshStatus?: ReactNode;
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

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and digits: `toLocaleString` with options builds one per call, five per card. */
function numberFormat(digits: number) {
  const key = `${currentLanguage()}-${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

const number = (value: number | null, unit: string, digits = 1) =>
  value === null ? '—' : `${numberFormat(digits).format(value)} ${unit}`;

// Small text in these colours needs their darkest shades for 4.5:1 (app/contrast.css, decision 034).
const ORANGE_TEXT = 'var(--mantine-color-orange-light-color)';
const RED_TEXT = 'var(--mantine-color-red-light-color)';

/** Fields that need a look, highlighted: low SoC, service due (orange) or overdue (red). */
type Highlight = { color: string; note: string } | undefined;

function highlights(battery: LiveViewBattery, today: string, t: TFunction): Partial<Record<FieldKey, Highlight>> {
  const service = serviceState(battery.nextServiceDate, today);
  return {
    soc: isLowSoc(battery) ? { color: ORANGE_TEXT, note: t('liveView.triage.lowSoc') } : undefined,
    nextService: service
      ? service === 'overdue'
        ? { color: RED_TEXT, note: t('liveView.triage.serviceOverdue') }
        : { color: ORANGE_TEXT, note: t('liveView.triage.serviceDue') }
      : undefined,
  };
}

/** One line under the name for what is wrong: the error by code and text, or how long the battery is offline. */
function Notice({ battery, t }: { battery: LiveViewBattery; t: TFunction }) {
  const state = healthState(battery);
  if (state === 'error' && battery.currentErrorCode) {
    const error = currentErrorTitle(battery.currentErrorCode, t);
    return (
      <Text size="xs" fw={600} c={RED_TEXT} truncate data-notice="error" title={error}>
        {error}
      </Text>
    );
  }
  if (state !== 'offline') return null;
  const [key, values] = offlineForText(battery.lastDataTimestamp);
  return (
    <Text size="xs" fw={600} c="gray.8" truncate data-notice="offline">
      {t(key, values)}
    </Text>
  );
}

/** Clicks on the card's own controls (name link, triangle, menu) do what they do, not open the page. */
const onControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, [role="menu"], [role="menuitem"]') !== null;

/** One battery: its live figures; red border for a current error, orange triangle for one within 24 h. */
export function BatteryCard(props: BatteryCardProps) {
  const { battery, layout, siteId, canOpenErrors, canOpenPage, timeZone, today, menu, refreshStatus } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const pagePath = batteryPagePath(siteId, battery.batterySerialNumber);
  const marked = highlights(battery, today, t);
  const shown = (key: FieldKey, value: string) => {
    const highlight = marked[key];
    return highlight ? (
      <Text span inherit c={highlight.color} fw={700}>
        {value} · {highlight.note}
      </Text>
    ) : (
      value
    );
  };
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
    ['lastData', battery.lastDataTimestamp ? formatDateTime(battery.lastDataTimestamp, language, timeZone) : '—'],
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
      onClick={canOpenPage ? (event) => onControl(event.target) || navigate(pagePath) : undefined}
      style={{
        cursor: canOpenPage ? 'pointer' : undefined,
        borderColor: battery.hasCurrentError ? 'var(--mantine-color-red-6)' : undefined,
        borderWidth: battery.hasCurrentError ? 2 : undefined,
        borderStyle: disconnected ? 'dashed' : undefined,
        background: disconnected ? 'var(--mantine-color-gray-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={layout === 'grid' ? 'xs' : 0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          {canOpenPage ? (
            <Anchor
              component={Link}
              to={pagePath}
              c="inherit"
              underline="always"
              fw={600}
              truncate
              title={t('liveView.triage.openPage', { name: battery.batteryName })}
            >
              {battery.batteryName}
            </Anchor>
          ) : (
            <Text fw={600} truncate title={battery.batteryName}>
              {battery.batteryName}
            </Text>
          )}
          {triangle}
          {layout === 'list' && (refreshStatus ?? <Notice battery={battery} t={t} />)}
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
      {layout === 'grid' && <Box h={18}>{refreshStatus ?? <Notice battery={battery} t={t} />}</Box>}
      {layout === 'grid' ? (
        <Stack gap={2}>
          {fields.map(([key, value]) => (
            <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed">
                {t(`liveView.fields.${key}`)}
              </Text>
              <Text size="xs" truncate>
                {shown(key, value)}
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
              {shown(key, value)}
            </Text>
          ))}
        </Group>
      )}
    </Paper>
  );
}
