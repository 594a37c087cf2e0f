import type { BatteryListItem } from '@cbm/contracts/battery-list';
import { MantineProvider, Table } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { BatteryRow } from './battery-row';

const battery = (campaign: BatteryListItem['campaign']) =>
  ({
    operatingSiteId: 3,
    batterySerialNumber: '2000030',
    batteryName: 'Stapler 30',
    type: 'L80-930',
    status: 'standby',
    campaign,
  }) as BatteryListItem;

function renderRow(item: BatteryListItem, canUpdate: boolean) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <Table>
          <Table.Tbody>
            <BatteryRow
              battery={item}
              timeZone="Europe/Berlin"
              outdated={new Set()}
              expected={undefined}
              expanded={false}
              canUpdate={canUpdate}
              onToggle={() => undefined}
              details={null}
            />
          </Table.Tbody>
        </Table>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the battery row’s campaign', () => {
  afterEach(cleanup);

  it('links the open campaign to its page for a user who may update', () => {
    renderRow(battery({ id: 12, name: 'Winter 7.1', status: 'running' }), true);
    expect(screen.getByRole('link', { name: 'Winter 7.1' })).toHaveAttribute('href', '/3/campaigns/12');
  });

  it('names a paused campaign as paused, without a link for a user who may not update', () => {
    renderRow(battery({ id: 12, name: 'Winter 7.1', status: 'paused' }), false);
    expect(screen.getByText('Winter 7.1 (paused)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Winter 7.1/ })).toBeNull();
  });
});
