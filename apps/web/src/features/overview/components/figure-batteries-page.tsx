import { FIGURE_LIST_PAGE_MAX, figureListSchema } from '@cbm/contracts/fleet-health';
import { Alert, Anchor, Group, Loader, Pagination, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, zoneLabel } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { BATTERY_PAGE_FEATURE } from '../../../lib/page-paths';
import { useUser } from '../../session';
import { useClockZone, useOperatingSites } from '../../sites';
import { useFigureBatteries } from '../api/get-figure-batteries';
import { BatteryLinkCell } from './battery-link-cell';

/**
 * The batteries one of the overview's figures counts (`?figure=`, at one site with `&site=`): the server picks them
 * by the rules it counts by, so the list holds exactly the figure's number. The address keeps figure, site and page.
 */
export default function FigureBatteriesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const figure = figureListSchema.safeParse(params.get('figure'));
  const siteParam = Number(params.get('site'));
  const operatingSiteId = Number.isInteger(siteParam) && siteParam > 0 ? siteParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sites = useOperatingSites().data ?? [];
  const canOpenBattery = (useUser().data?.authorizedFeatures ?? []).includes(BATTERY_PAGE_FEATURE);
  const list = useFigureBatteries({
    figure: figure.data ?? 'batteries',
    operatingSiteId,
    offset: (page - 1) * FIGURE_LIST_PAGE_MAX,
    limit: FIGURE_LIST_PAGE_MAX,
  });
  const siteName = (siteId: number) => sites.find((site) => site.operatingSiteId === siteId)?.name ?? '';
  const language = currentLanguage();
  const zone = useClockZone();
  if (!figure.success) return <Alert color="red">{t('fleetHealth.list.unknownFigure')}</Alert>;
  const title = t(`fleetHealth.figures.${figure.data}`);
  const toPage = (next: number) =>
    setParams((current) => {
      current.set('page', String(next));
      return current;
    });
  return (
    <Stack gap="md" p="md">
      <Stack gap={4}>
        <Anchor component={Link} to="/" size="sm" c="inherit" underline="always">
          {t('fleetHealth.list.back')}
        </Anchor>
        <Title order={1} fz={24}>
          {operatingSiteId === undefined
            ? t('fleetHealth.list.title', { figure: title })
            : t('fleetHealth.list.siteTitle', { figure: title, site: siteName(operatingSiteId) })}
        </Title>
        {list.data && (
          <Text data-testid="figure-list-count">{t('fleetHealth.list.count', { count: list.data.totalCount })}</Text>
        )}
      </Stack>
      {list.isPending ? (
        <Loader aria-label={title} />
      ) : list.isError ? (
        <Text c="red.8">{t('fleetHealth.list.loadFailed')}</Text>
      ) : (
        <>
          <ScrollArea type="auto">
            <Table aria-label={title} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fleetHealth.attention.columns.battery')}</Table.Th>
                  <Table.Th>{t('fleetHealth.attention.columns.site')}</Table.Th>
                  <Table.Th>{t('fleetHealth.list.columns.state')}</Table.Th>
                  <Table.Th>{t('fleetHealth.list.columns.soc')}</Table.Th>
                  <Table.Th>{t('fleetHealth.list.columns.lastData', { zone: zoneLabel(zone, language) })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.batteries.map((battery) => (
                  <Table.Tr key={battery.batterySerialNumber}>
                    <BatteryLinkCell battery={battery} canOpenBattery={canOpenBattery} />
                    <Table.Td>{siteName(battery.operatingSiteId)}</Table.Td>
                    <Table.Td>
                      {t(`fleetHealth.figures.${battery.state}`)}
                      {battery.currentErrorCode && ` (${battery.currentErrorCode})`}
                    </Table.Td>
                    <Table.Td>
                      {battery.soc === null
                        ? '–'
                        : `${battery.soc.toLocaleString(language, { maximumFractionDigits: 0 })} %`}
                    </Table.Td>
                    <Table.Td>
                      {battery.lastDataTimestamp ? formatDateTime(battery.lastDataTimestamp, language, zone) : '–'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {list.data.totalCount > FIGURE_LIST_PAGE_MAX && (
            <Group justify="center">
              <Pagination
                value={page}
                onChange={toPage}
                total={Math.ceil(list.data.totalCount / FIGURE_LIST_PAGE_MAX)}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
