import { START_SOC_BUCKET_METRICS, type StatisticsResponse } from '@cbm/contracts/statistics';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { StatisticsChart } from './statistics-chart';

// jsdom lays nothing out: the chart's container gets a size, as in a browser, so that the chart draws.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 800, 300));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Start-SoC grouped by 15 groups, as the issue saw it. */
const response: StatisticsResponse = {
  type: 'startsoc',
  groupBy: 'group',
  granularity: 'week',
  timeZone: 'Europe/Berlin',
  periods: ['2026-11-02'],
  series: Array.from({ length: 15 }, (_, n) => ({
    key: `g${n}`,
    label: `Group ${n}`,
    values: Object.fromEntries(START_SOC_BUCKET_METRICS.map((metric) => [metric, [n]])),
  })),
};

describe('StatisticsChart with many series', () => {
  it('names six series and the five buckets in its legend, and keeps every series in the table', () => {
    render(
      <MantineProvider>
        <StatisticsChart response={response} />
      </MantineProvider>,
    );
    const legend = within(screen.getByTestId('statistics-chart'));
    const [series, buckets] = legend.getAllByRole('list');
    expect(
      within(series as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Group 10', 'Group 11', 'Group 12', 'Group 13', 'Group 14', 'Others']);
    expect(within(buckets as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    const headers = within(screen.getByRole('table', { name: 'Figures of the chart' })).getAllByRole('columnheader');
    expect(headers).toHaveLength(1 + 15 * 5);
    expect(headers.every((header) => header.style.whiteSpace === 'nowrap')).toBe(true);
  });
});
