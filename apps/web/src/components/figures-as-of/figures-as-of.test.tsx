import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { FiguresAsOf } from './figures-as-of';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const show = (asOf: string | undefined) =>
  render(
    <MantineProvider>
      <FiguresAsOf asOf={asOf} timeZone="Europe/Berlin" />
    </MantineProvider>,
  );

describe('FiguresAsOf', () => {
  it('says up to when replica figures are complete, in the clock zone and the language', async () => {
    show('2026-12-05T23:10:05.000Z');
    expect(screen.getByText('Figures as of 12-06-2026 00:10:05')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('de');
    show('2026-12-05T23:10:05.000Z');
    expect(screen.getByText('Zahlen mit Stand 06.12.2026 00:10:05')).toBeTruthy();
  });

  it('says nothing where the figures come from the primary', () => {
    show(undefined);
    expect(screen.queryByText(/Figures as of/)).toBeNull();
  });
});
