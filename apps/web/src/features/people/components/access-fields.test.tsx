import type { PersonAccess } from '@cbm/contracts/people';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { AccessFields } from './access-fields';

const grantable = {
  features: ['cbm_liveview', 'cbm_statistic'] as PersonAccess['features'],
  sites: [
    { operatingSiteId: 4, name: 'Hamburg Hafen', permissions: ['battery.statistic' as const] },
    { operatingSiteId: 5, name: 'Bremen GVZ', permissions: ['battery.statistic' as const] },
  ],
};

function renderFields(value: PersonAccess) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <AccessFields grantable={grantable} value={value} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

afterEach(cleanup);

describe('AccessFields', () => {
  it('offers only the grantable features, and the rules of a site once it has access', () => {
    const onChange = renderFields({ features: [], sites: [{ operatingSiteId: 4, permissions: [] }] });
    expect(screen.getAllByRole('checkbox', { name: /^(Live view|Statistics)$/ })).toHaveLength(2);
    const bremen = within(screen.getByRole('group', { name: 'Bremen GVZ' }));
    expect(bremen.getByRole('checkbox', { name: 'Battery statistics' })).toBeDisabled();
    const hamburg = within(screen.getByRole('group', { name: 'Hamburg Hafen' }));
    fireEvent.click(hamburg.getByRole('checkbox', { name: 'Battery statistics' }));
    expect(onChange).toHaveBeenLastCalledWith({
      features: [],
      sites: [{ operatingSiteId: 4, permissions: ['battery.statistic'] }],
    });
  });

  it('adds and removes a site and a feature', () => {
    const onChange = renderFields({ features: ['cbm_liveview'], sites: [{ operatingSiteId: 4, permissions: [] }] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Access to Bremen GVZ' }));
    expect(onChange).toHaveBeenLastCalledWith({
      features: ['cbm_liveview'],
      sites: [
        { operatingSiteId: 4, permissions: [] },
        { operatingSiteId: 5, permissions: [] },
      ],
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Access to Hamburg Hafen' }));
    expect(onChange).toHaveBeenLastCalledWith({ features: ['cbm_liveview'], sites: [] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Statistics' }));
    expect(onChange).toHaveBeenLastCalledWith({
      features: ['cbm_liveview', 'cbm_statistic'],
      sites: [{ operatingSiteId: 4, permissions: [] }],
    });
  });

  it('warns when a ticked feature lacks the site rule it needs, until a site holds it', () => {
    renderFields({ features: ['cbm_liveview', 'cbm_statistic'], sites: [{ operatingSiteId: 4, permissions: [] }] });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Statistics needs the rule "Battery statistics" at a site: without it the user gets no Statistics menu.',
    );
    cleanup();
    renderFields({
      features: ['cbm_liveview', 'cbm_statistic'],
      sites: [{ operatingSiteId: 4, permissions: ['battery.statistic'] }],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
