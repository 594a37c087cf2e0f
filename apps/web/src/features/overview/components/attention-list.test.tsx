import type { AttentionBattery } from '@cbm/contracts/fleet-health';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { AttentionList } from './attention-list';

const battery = (currentErrorCode: string, fields: Partial<AttentionBattery> = {}): AttentionBattery => ({
  batterySerialNumber: '2000001',
  batteryName: 'Stapler 1',
  operatingSiteId: 3,
  reasons: ['error'],
  currentErrorCode,
  soc: 50,
  lastDataTimestamp: null,
  nextServiceDate: null,
  ...fields,
});

function renderList(code: string, fields: Partial<AttentionBattery> = {}) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <AttentionList attention={{ batteries: [battery(code, fields)], totalCount: 1 }} sites={[]} canOpenBattery />
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

  it('names the last error of an offline battery beside how long it is offline (decision 139)', async () => {
    const offline = {
      reasons: ['offline' as const],
      lastDataTimestamp: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    };
    renderList('E204', offline);
    expect(screen.getByText('offline for 3 hours · last error E204: Isolation fault')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('de');
    renderList('X999', offline);
    expect(screen.getByText(/· letzter Fehler X999$/)).toBeTruthy();
  });

  it('keeps an unknown code on its own', async () => {
    renderList('X999');
    expect(screen.getByText('Error X999')).toBeTruthy();
  });
});
