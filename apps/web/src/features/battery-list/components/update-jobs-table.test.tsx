import type { UpdateJob } from '@cbm/contracts/update-jobs';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { UpdateJobsTable } from './update-jobs-table';

const job = (status: UpdateJob['status'], delivery: UpdateJob['delivery']): UpdateJob => ({
  id: 7,
  updateFile: { id: 1, fileName: 'bms-9.0.0.bin', sha256: 'ab', sizeBytes: 1, version: '9.0.0' },
  status,
  detail: null,
  createTimestamp: '2026-12-05T10:00:00.000Z',
  acknowledgedTimestamp: null,
  resultTimestamp: null,
  createdBy: null,
  campaign: null,
  delivery,
});

const cell = () => screen.getByTestId('job-delivery').textContent;

describe("the update jobs table shows how far each job's command got (decision 072)", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });
  const show = (item: UpdateJob) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <UpdateJobsTable jobs={[item]} />
        </MantineProvider>
      </QueryClientProvider>,
    );

  it('sent, received and answered, in English and German', async () => {
    const delivery = { sent: 3, receivedAt: '2026-12-05T10:01:00.000Z', answeredAt: '2026-12-05T10:09:00.000Z' };
    show(job('successfully finished', delivery));
    expect(cell()).toMatch(/sent 3×received .+answered .+/);
    cleanup();
    await i18n.changeLanguage('de');
    show(job('successfully finished', delivery));
    expect(cell()).toMatch(/3× gesendetempfangen .+beantwortet .+/);
  });

  it('a command never answered: sent only, and the job "no answer"', () => {
    show(job('no answer', { sent: 6, receivedAt: null, answeredAt: null }));
    expect(cell()).toBe('sent 6×');
    expect(screen.getByText('no answer')).toBeTruthy();
  });
});
