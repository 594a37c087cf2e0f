import type { LiveAlert } from '@cbm/contracts/alerts';
import { apiPath } from '@cbm/contracts/endpoint';
import { liveEndpoints } from '@cbm/contracts/endpoints/live';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { FakeEventSource } from '../../test/fake-event-source';
import { AlertNotifications } from './components/alert-notifications';
import { DesktopNotifications } from './components/desktop-notifications';

const STREAM = apiPath(liveEndpoints.stream);

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static shown: { title: string; body?: string }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
}

const ALERT: LiveAlert = {
  alertId: 1,
  product: 'battery',
  alertName: 'Night shift',
  serialNumber: '2000001',
  deviceName: 'Forklift 7',
  type: 'error',
  code: 'E101',
  description: 'Cell over-temperature',
  ts: '2026-11-21T10:00:00Z',
};

const renderShell = (children: React.ReactNode) => render(<MantineProvider>{children}</MantineProvider>);

beforeEach(() => {
  FakeEventSource.opened = [];
  FakeNotification.shown = [];
  FakeNotification.permission = 'default';
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('Notification', FakeNotification);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('desktop notifications of fired alerts', () => {
  it('listen to nothing until the user switches them on', () => {
    FakeNotification.permission = 'granted';
    renderShell(<AlertNotifications siteId={4} />);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('switched on in the alerts screen, they show the site’s alerts from the shell', async () => {
    renderShell(
      <>
        <AlertNotifications siteId={4} />
        <DesktopNotifications />
      </>,
    );
    fireEvent.click(screen.getByRole('switch', { name: /Desktop notifications/ }));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened as [FakeEventSource];
    expect(source.url).toBe(`${STREAM}?operatingSiteId=4&events=alert`);
    act(() => source.push('alert', ALERT));
    act(() => source.push('alert', { ...ALERT, code: 'X999' }));
    expect(FakeNotification.shown).toEqual([
      { title: 'Error E101: Forklift 7', body: 'Alert “Night shift”: Cell over-temperature: battery switched off' },
      { title: 'Error X999: Forklift 7', body: 'Alert “Night shift”: Cell over-temperature' },
    ]);
  });

  it('tell a catalogued device text in the UI language (decision 036)', async () => {
    FakeNotification.permission = 'granted';
    localStorage.setItem('cbm.alerts.desktopNotifications', 'true');
    await act(() => i18n.changeLanguage('de'));
    renderShell(<AlertNotifications siteId={4} />);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => (FakeEventSource.opened[0] as FakeEventSource).push('alert', ALERT));
    expect(FakeNotification.shown).toEqual([
      { title: 'Fehler E101: Forklift 7', body: 'Alarm „Night shift“: Zellübertemperatur: Batterie abgeschaltet' },
    ]);
  });

  it('say when the browser blocks them, and stay silent', async () => {
    FakeNotification.permission = 'denied';
    renderShell(
      <>
        <AlertNotifications siteId={4} />
        <DesktopNotifications />
      </>,
    );
    fireEvent.click(screen.getByRole('switch', { name: /Desktop notifications/ }));
    expect(await screen.findByText('Notifications blocked by browser')).toBeVisible();
    expect(FakeEventSource.opened).toEqual([]);
  });
});
