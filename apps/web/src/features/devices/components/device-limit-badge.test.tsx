import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { DeviceLimitBadge } from './device-limit-badge';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

it('names each broker limit in English and German', async () => {
  const { rerender } = render(
    <MantineProvider>
      <DeviceLimitBadge limit={{ limit: 'throttled', until: null }} zone="Europe/Berlin" />
    </MantineProvider>,
  );
  expect(screen.getByText('Throttled')).toBeTruthy();
  await i18n.changeLanguage('de');
  rerender(
    <MantineProvider>
      <DeviceLimitBadge limit={{ limit: 'bad-messages', until: '2026-12-05T21:00:00Z' }} zone="Europe/Berlin" />
    </MantineProvider>,
  );
  expect(screen.getByText('Wegen fehlerhafter Nachrichten getrennt')).toBeTruthy();
});
