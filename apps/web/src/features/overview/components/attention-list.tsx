import { deviceEventText } from '@cbm/contracts/device-texts';
import type { AttentionBattery, AttentionReason, AttentionResponse } from '@cbm/contracts/fleet-health';
import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Badge, Group, Loader, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { offlineForText } from '../../../lib/durations';
import { currentLanguage } from '../../../lib/i18n';
import { BatteryLinkCell } from './battery-link-cell';

const REASON_COLORS: Record<AttentionReason, string> = {
  error: 'red',
  offline: 'gray',
  lowSoc: 'orange',
  serviceOverdue: 'orange',
};

/** The code with the catalogue's description ("E204" → "Isolation fault"); an unknown code stands alone. */
function errorText(code: string, key: 'error' | 'lastError', t: TFunction) {
  const { description } = deviceEventText(currentLanguage(), { code, description: '', category: null });
  return t(`fleetHealth.attention.reasons.${key}${description ? 'Described' : ''}`, { code, description });
}

function reasonText(battery: AttentionBattery, reason: AttentionReason, t: TFunction) {
  if (reason === 'offline') {
    const [key, values] = offlineForText(battery.lastDataTimestamp);
    // An offline battery is not in error now; its error is the last one it reported (decision 139).
    const lastError = battery.currentErrorCode && errorText(battery.currentErrorCode, 'lastError', t);
    return lastError ? `${t(key, values)} · ${lastError}` : t(key, values);
  }
  if (reason === 'error') return errorText(battery.currentErrorCode ?? '', 'error', t);
  return t(`fleetHealth.attention.reasons.${reason}`, {
    soc: battery.soc?.toLocaleString(currentLanguage(), { maximumFractionDigits: 0 }),
    date: battery.nextServiceDate ? formatDate(battery.nextServiceDate, currentLanguage()) : '',
  });
}

interface AttentionListProps {
  /** Undefined while loading. */
  attention: AttentionResponse | undefined;
  sites: readonly FlatOperatingSite[];
  /** Whether the user may open a battery's page; otherwise a row leads to the site's live view. */
  canOpenBattery: boolean;
}

/** The batteries across the user's sites that need attention, the most urgent first, each a link to it. */
export function AttentionList({ attention, sites, canOpenBattery }: AttentionListProps) {
  const { t } = useTranslation();
  const siteName = (siteId: number) => sites.find((site) => site.operatingSiteId === siteId)?.name ?? '';
  const { batteries, totalCount } = attention ?? { batteries: [], totalCount: 0 };
  return (
    // Below md it stands above the map: a fixed height there, so that the map does not move when it loads (CLS).
    <Paper withBorder p="sm" h={{ base: 420, md: '100%' }} style={{ overflow: 'hidden' }}>
      <Title order={2} fz="lg" mb="xs">
        {t('fleetHealth.attention.heading')}
      </Title>
      {!attention ? (
        <Loader size="sm" />
      ) : batteries.length === 0 ? (
        <Text c="dimmed">{t('fleetHealth.attention.empty')}</Text>
      ) : (
        <ScrollArea.Autosize mah={{ base: 350, md: 470 }} type="auto">
          <Table aria-label={t('fleetHealth.attention.heading')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fleetHealth.attention.columns.battery')}</Table.Th>
                <Table.Th>{t('fleetHealth.attention.columns.site')}</Table.Th>
                <Table.Th>{t('fleetHealth.attention.columns.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batteries.map((battery) => (
                <Table.Tr key={battery.batterySerialNumber}>
                  <BatteryLinkCell battery={battery} canOpenBattery={canOpenBattery} />
                  <Table.Td>
                    <Text size="sm">{siteName(battery.operatingSiteId)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {battery.reasons.map((reason) => (
                        <Badge key={reason} color={REASON_COLORS[reason]} variant="light" tt="none">
                          {reasonText(battery, reason, t)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {totalCount > batteries.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('fleetHealth.attention.shown', { shown: batteries.length, count: totalCount })}
        </Text>
      )}
    </Paper>
  );
}
