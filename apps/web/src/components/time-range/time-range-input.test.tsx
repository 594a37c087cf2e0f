import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { quickRange, type TimeRange } from './quick-range';
import { TimeRangeInput } from './time-range-input';

function renderInput(value: TimeRange | null, onChange = vi.fn()) {
  render(
    <MantineProvider env="test">
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <TimeRangeInput value={value} onChange={onChange} timeZone="Europe/Berlin" />
      </DatesProvider>
    </MantineProvider>,
  );
  return onChange;
}

afterEach(cleanup);

describe('TimeRangeInput', () => {
  it('names the range after the quick range chosen beside the calendar', async () => {
    const onChange = renderInput(null);
    fireEvent.click(screen.getByRole('button', { name: 'Time range' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last week' }));
    const expected = quickRange('lastWeek', 'Europe/Berlin');
    expect(onChange).toHaveBeenCalledWith(expected);
  });

  it('shows the chosen range as days in the zone', () => {
    renderInput({ from: new Date('2026-11-01T23:00:00Z'), to: new Date('2026-11-08T23:00:00Z') });
    expect(screen.getByRole('button', { name: 'Time range' })).toHaveTextContent('11-02-2026 – 11-08-2026');
  });
});
