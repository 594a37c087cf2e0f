import type { Feature } from '@cbm/contracts/features';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { testBattery } from '../test-battery';
import { BatteryActions } from './battery-actions';

const BATTERY = testBattery('standby');

function renderActions(features: readonly Feature[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <BatteryActions siteId={3} battery={BATTERY} groups={[]} features={features} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const actions = screen.getByRole('toolbar', { name: 'Battery actions' });
  return {
    buttons: () => [...actions.querySelectorAll('button')].map((button) => button.textContent),
    links: () => [...actions.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
  };
}

afterEach(cleanup);

describe('BatteryActions', () => {
  it('offers only the live view actions to a user with cbm_liveview alone', () => {
    const { buttons, links } = renderActions(['cbm_liveview']);
    expect(buttons()).toEqual(['Update data', 'Rename battery', 'Move to group']);
    expect(links()).toEqual([]);
  });

  it('adds each action with the feature its endpoint requires', () => {
    const { buttons, links } = renderActions(['cbm_liveview', 'cbm_datalog', 'cbm_view', 'cbm_update', 'cbm_report']);
    expect(buttons()).toEqual([
      'Update data',
      'Rename battery',
      'Move to group',
      'Request datalog',
      'Enable remote debugging',
      'Software update',
    ]);
    expect(links()).toEqual([
      ['Report', '/3/report?serial=2010001'],
      ['Profile Analysis', '/3/expert/profile/2010001'],
    ]);
  });
});
