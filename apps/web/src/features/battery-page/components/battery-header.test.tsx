import { type BatteryListItem, VERSION_FIELDS } from '@cbm/contracts/battery-list';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { testBattery } from '../test-battery';
import { BatteryHeader } from './battery-header';

const BATTERY = testBattery('discharging');
const VERSIONS = Object.fromEntries(VERSION_FIELDS.map((field) => [field, '1.2.3']));
const details = (campaign: BatteryListItem['campaign']) =>
  ({ ...VERSIONS, operatingSiteId: 3, firmwareVersion: '5.12.3', campaign }) as unknown as BatteryListItem;

function renderHeader(item: BatteryListItem, canOpenCampaign: boolean) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <BatteryHeader
          battery={BATTERY}
          details={item}
          licence={undefined}
          timeZone="Europe/Berlin"
          canOpenCampaign={canOpenCampaign}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the battery page’s header', () => {
  it.each(['en', 'de'])('names the state and every version in %s, never by a text key', async (language) => {
    await i18n.changeLanguage(language);
    const { container } = renderHeader(details(null), false);
    expect(screen.getByTestId('battery-state')).toHaveTextContent(language === 'de' ? /entlädt/ : /discharging/);
    expect(screen.getByText('BSP')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[a-z]+\.[a-z]+\.[a-zA-Z]+/);
  });

  it('labels the versions and links the open campaign for a user who may update', () => {
    renderHeader(details({ id: 12, name: 'Winter 7.1', status: 'running' }), true);
    expect(screen.getByRole('region', { name: 'Versions' })).toHaveTextContent('Firmware5.12.3');
    expect(screen.getByRole('link', { name: 'Winter 7.1' })).toHaveAttribute('href', '/3/campaigns/12');
  });

  it('names a paused campaign without a link for a user who may not update, and nothing without one', () => {
    renderHeader(details({ id: 12, name: 'Winter 7.1', status: 'paused' }), false);
    expect(screen.getByTestId('battery-campaign')).toHaveTextContent('Firmware campaign: Winter 7.1 (paused)');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderHeader(details(null), true);
    expect(screen.queryByTestId('battery-campaign')).toBeNull();
  });
});
