import type { StatisticsResponse } from '@cbm/contracts/statistics';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Switch, Table, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { topSeries } from '../chart-series';
import { chartModel, formatFigure, periodLabel } from '../statistics-model';
import { useBoxPlotSetting } from '../use-box-plot-setting';
import { BoxPlot } from './box-plot';
import { ChartLegend } from './chart-legend';
import { downloadPng } from './download-png';

/** Up to this many bars a period, the tooltip lists them all; beyond, only the hovered one (it must fit on screen). */
const SHARED_TOOLTIP_MAX = 6;
/** The header cells and the pinned period column of the figures table. */
const HEADER_STYLE = { whiteSpace: 'nowrap' } as const;
const PINNED_STYLE = { position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 } as const;

/** The chart of a response with the same figures in a table beside it, and its PNG download. */
export function StatisticsChart({ response }: { response: StatisticsResponse }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const chartRef = useRef<HTMLDivElement>(null);
  const [boxPlot, setBoxPlot] = useBoxPlotSetting();
  const periodText = (period: string) =>
    periodLabel(period, response.granularity, language, (date) => t('statistics.weekOf', { date }));
  const metricText = (metric: string) => t(`statistics.metrics.${metric}`);
  const model = chartModel(response, periodText, metricText);
  const chart = chartModel(topSeries(response, t('statistics.others')), periodText, metricText);
  const title = t(`statistics.types.${response.type}`);
  const showBoxPlot = response.type === 'startsoc' && boxPlot;

  const download = async () => {
    if (!chartRef.current) return;
    try {
      await downloadPng(chartRef.current, `statistics-${response.type}.png`);
    } catch (error) {
      notifications.add({
        type: 'error',
        title,
        message: `${t('statistics.imageError')} ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  return (
    <Group align="flex-start" wrap="wrap" gap="md">
      <Paper withBorder p="md" style={{ flex: '2 1 480px', minWidth: 0 }}>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{title}</Text>
          <Group gap="sm">
            {response.type === 'startsoc' && (
              <Switch
                label={t('statistics.boxPlot')}
                checked={boxPlot}
                onChange={(event) => setBoxPlot(event.currentTarget.checked)}
              />
            )}
            <Button variant="default" size="xs" onClick={download}>
              {t('statistics.downloadPng')}
            </Button>
          </Group>
        </Group>
        <div ref={chartRef} data-testid="statistics-chart">
          {showBoxPlot ? (
            <BoxPlot response={response} periodText={periodText} label={t('statistics.boxPlot')} />
          ) : (
            <>
              <BarChart
                h={360}
                data={chart.rows}
                dataKey="period"
                type={chart.stacked ? 'stacked' : 'default'}
                series={chart.series}
                tooltipProps={{ shared: chart.series.length <= SHARED_TOOLTIP_MAX }}
                valueFormatter={(value) => formatFigure(value, language)}
                xAxisLabel={t('statistics.period')}
                yAxisLabel={t(`statistics.axis.${response.type}`)}
                role="img"
                aria-label={title}
              />
              <ChartLegend legend={chart.legend} />
            </>
          )}
        </div>
      </Paper>
      <Paper
        withBorder
        p="md"
        style={{ flex: '1 1 320px', maxHeight: 480, overflow: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('statistics.table')}
      >
        <Table striped stickyHeader aria-label={t('statistics.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ ...HEADER_STYLE, ...PINNED_STYLE }}>{t('statistics.period')}</Table.Th>
              {model.series.map((entry) => (
                <Table.Th key={entry.name} style={HEADER_STYLE}>
                  {entry.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.rows.map((row) => (
              <Table.Tr key={String(row.period)}>
                <Table.Td style={{ ...HEADER_STYLE, ...PINNED_STYLE }}>{row.period}</Table.Td>
                {model.series.map((entry) => (
                  <Table.Td key={entry.name}>{formatFigure(row[entry.name] as number | null, language)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Group>
  );
}
