import type { ThresholdRule } from '@cbm/contracts/alarms';
import { thresholdRuleEndpoints } from '@cbm/contracts/endpoints/threshold-rules';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointUrl } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { ThresholdRuleForm } from './components/threshold-rule-form';

const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(async () => {
  sent.length = 0;
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      const answer = method === 'GET' ? [] : { id: 3, ...body };
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RULE: ThresholdRule = {
  id: 3,
  operatingSiteId: 7,
  name: 'Low SoC',
  active: true,
  batterySerials: [],
  emails: ['soc@example.com'],
  mailRecovery: false,
  condition: { metric: 'socBelow', threshold: 15, hysteresis: 0, minDurationSeconds: 0 },
};

const renderForm = (rule?: ThresholdRule, onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <ThresholdRuleForm product="battery" siteId={7} rule={rule} onClose={onClose} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onClose;
};
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('threshold rule form', () => {
  it('gives every message of an empty rule at once and sends nothing', async () => {
    renderForm();
    fireEvent.change(field('Threshold \\(%\\)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This line can never be crossed: choose a threshold between 0 and 100'),
    ).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('E-Mail is required')).toBeTruthy();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('refuses a hysteresis that could never clear, then saves the changed rule', async () => {
    const onClose = renderForm(RULE);
    fireEvent.change(field('Threshold \\(%\\)'), { target: { value: '20' } });
    fireEvent.change(field('Hysteresis'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/the alarm could never clear/)).toBeTruthy();

    fireEvent.change(field('Hysteresis'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((request) => request.method === 'PUT')).toMatchObject({
      url: endpointUrl(thresholdRuleEndpoints.battery.update, { params: { id: 3 } }),
      body: {
        operatingSiteId: 7,
        name: 'Low SoC',
        emails: ['soc@example.com'],
        condition: { metric: 'socBelow', threshold: 20, hysteresis: 5, minDurationSeconds: 0 },
      },
    });
  });
});
