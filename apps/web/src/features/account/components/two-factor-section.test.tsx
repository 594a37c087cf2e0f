import { userEndpoints } from '@cbm/contracts/endpoints/user';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointUrl } from '../../../lib/api-client';
import '../../../lib/i18n';
import { TwoFactorSection } from './two-factor-section';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TwoFactorSection', () => {
  it('shows the secret, refuses a wrong code with the server’s message, then shows the recovery codes once', async () => {
    let enabled = false;
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === endpointUrl(userEndpoints.twoFactor) && init.method === 'GET')
        return json({ enabled, available: true });
      if (url === endpointUrl(userEndpoints.twoFactorEnrol))
        return json({ secret: SECRET, uri: `otpauth://totp/CBM:a?secret=${SECRET}` });
      const { code } = JSON.parse(String(init.body)) as { code: string };
      if (code !== '123456') return json({ statusCode: 400, code: 'twoFactor.wrongCode', message: 'Wrong code.' }, 400);
      enabled = true;
      return json({ recoveryCodes: CODES });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <TwoFactorSection />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByText(SECRET)).toBeVisible();
    const code = screen.getByLabelText('Code from the app');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Wrong code.')).toBeVisible();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('abcde-fgh9k')).toBeVisible();
    expect(screen.queryByText(SECRET)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved the codes' }));
    expect(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
    expect(screen.queryByText('abcde-fgh9k')).toBeNull();
  });
});
