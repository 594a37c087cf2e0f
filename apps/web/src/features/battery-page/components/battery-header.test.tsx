import { type BatteryListItem, VERSION_FIELDS } from '@cbm/contracts/battery-list';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { BatteryHeader } from './battery-header';

const BATTERY: LiveViewBattery = {
  batterySerialNumber: '2010001',
  batteryName: 'Forklift 1',
  groupId: null,
  groupName: null,
  type: 'L36-700',
  status: 'discharging',
  online: true,
  soc: 80,
  soh: 97,
  stackVoltage: 51.2,
  minCellTemperature: 20,
  maxCellTemperature: 24,
  chargerName: null,
  lastDataTimestamp: null,
  nextServiceDate: null,
  currentErrorCode: null,
  hasCurrentError: false,
  errorWithin24h: false,
};
// The header reads only the versions of the battery list's row.
const DETAILS = Object.fromEntries(VERSION_FIELDS.map((field) => [field, '1.2.3'])) as unknown as BatteryListItem;

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('BatteryHeader', () => {
  it.each(['en', 'de'])('names the state and every version in %s, never by a text key', async (language) => {
    await i18n.changeLanguage(language);
    const { container } = render(
      <MantineProvider>
        <BatteryHeader
          battery={BATTERY}
          details={DETAILS}
          licence={undefined}
          timeZone="Europe/Berlin"
          canOpenCampaign={false}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('battery-state')).toHaveTextContent(language === 'de' ? /entlädt/ : /discharging/);
    expect(screen.getByText('BSP')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[a-z]+\.[a-z]+\.[a-zA-Z]+/);
  });
});
