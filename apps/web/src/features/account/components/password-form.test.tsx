import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { PasswordForm } from './password-form';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <PasswordForm />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { type, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PasswordForm', () => {
  it('checks the length and the repetition before it asks the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { type, submit } = renderForm();
    type('Current password', 'cbm-demo');
    type('New password', 'Kx7-brief');
    type('Repeat the new password', 'something else');
    submit();
    expect(await screen.findByText('Use at least 10 characters')).toBeVisible();
    expect(screen.getByText('The two passwords differ')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
