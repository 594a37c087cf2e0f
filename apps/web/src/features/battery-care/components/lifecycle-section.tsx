import type { Lifecycle } from '@cbm/contracts/battery-lifecycle';
import { LineChart } from '@mantine/charts';
import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useLifecycle } from '../api/get-lifecycle';
import { ProjectionText } from './projection-text';

/** The battery page's lifecycle (issue 51): SoH over its history, and each limit with its projected date. */
export function LifecycleSection({ siteId, serial }: { siteId: number; serial: string }) {
  const { t } = useTranslation();
  const lifecycle = useLifecycle(siteId, serial);
  return (
    <Stack gap="sm" component="section" aria-labelledby="battery-page-lifecycle">
      <Title order={2} size="h4" id="battery-page-lifecycle">
        {t('batteryCare.lifecycle')}
      </Title>
      {lifecycle.data ? <LifecycleBody lifecycle={lifecycle.data} /> : <Loader size="sm" />}
    </Stack>
  );
}

function LifecycleBody({ lifecycle }: { lifecycle: Lifecycle }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const number = (value: number | null, digits = 0) =>
    value === null ? '–' : value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const rows = lifecycle.sohSeries.map((point) => ({ date: formatDate(point.date, language), soh: point.soh }));
  const { soh, energy, hours, months } = lifecycle;
  return (
    <>
      <Paper component="figure" aria-label={t('batteryCare.sohHistory')} withBorder p="md" m={0}>
        <Title order={3} size="h5" mb="xs">
          {t('batteryCare.sohHistory')}
        </Title>
        {rows.length > 0 ? (
          <LineChart
            h={200}
            data={rows}
            dataKey="date"
            withDots={false}
            series={[{ name: 'soh', color: 'teal.6', label: t('batteryCare.soh') }]}
            unit=" %"
            yAxisProps={{ domain: ['auto', 100] }}
            referenceLines={[{ y: soh.endOfLife, label: t('batteryCare.endOfLife'), color: 'red.6' }]}
          />
        ) : (
          <Text>{t('batteryCare.status.notEnoughHistory')}</Text>
        )}
      </Paper>
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batteryCare.figure')}</Table.Th>
              <Table.Th>{t('batteryCare.now')}</Table.Th>
              <Table.Th>{t('batteryCare.limit')}</Table.Th>
              <Table.Th>{t('batteryCare.reachedOn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('batteryCare.soh')}</Table.Td>
              <Table.Td>{soh.current === null ? '–' : `${number(soh.current, 1)} %`}</Table.Td>
              <Table.Td>{`${soh.endOfLife} %`}</Table.Td>
              <Table.Td>
                <ProjectionText projection={soh.projection} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                {t('batteryCare.throughput')}
                <Text size="xs" c="dimmed">
                  {t('batteryCare.cycles', { cycles: number(energy.equivalentFullCycles) })}
                </Text>
              </Table.Td>
              <Table.Td>{`${number(energy.dischargedKwh)} kWh`}</Table.Td>
              <Table.Td>{energy.limitKwh === null ? '–' : `${number(energy.limitKwh)} kWh`}</Table.Td>
              <Table.Td>
                <ProjectionText projection={energy.projection} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                {t('batteryCare.hours')}
                <Text size="xs" c="dimmed">
                  {hours.since ? t('batteryCare.since', { date: formatDate(hours.since, language) }) : ''}
                </Text>
              </Table.Td>
              <Table.Td>{`${number(hours.operatingHours)} h`}</Table.Td>
              <Table.Td>{hours.limitHours === null ? '–' : `${number(hours.limitHours)} h`}</Table.Td>
              <Table.Td>
                <ProjectionText projection={hours.projection} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('batteryCare.months')}</Table.Td>
              <Table.Td>{number(months.months)}</Table.Td>
              <Table.Td>{number(months.limitMonths)}</Table.Td>
              <Table.Td>{months.limitDate ? formatDate(months.limitDate, language) : '–'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
