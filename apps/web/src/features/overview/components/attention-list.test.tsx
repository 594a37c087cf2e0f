import type { AttentionBattery } from '@cbm/contracts/fleet-health';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { AttentionList } from './attention-list';

const battery = (currentErrorCode: string): AttentionBattery => ({
  batterySerialNumber: '2000001',
  batteryName: 'Stapler 1',
  operatingSiteId: 3,
  reasons: ['error'],
  currentErrorCode,
  soc: 50,
  lastDataTimestamp: null,
  nextServiceDate: null,
});

function renderList(code: string) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <AttentionList attention={{ batteries: [battery(code)], totalCount: 1 }} sites={[]} canOpenBattery />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('needs attention: why', () => {
  it("names an error's description from the catalogue, in the user's language", async () => {
    await i18n.changeLanguage('en');
    renderList('E204');
    expect(screen.getByText('Error E204: Isolation fault')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('de');
    renderList('E204');
    expect(screen.getByText('Fehler E204: Isolationsfehler')).toBeTruthy();
  });

  it('keeps an unknown code on its own', async () => {
    renderList('X999');
    expect(screen.getByText('Error X999')).toBeTruthy();
  });
});
