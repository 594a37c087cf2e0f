import { describe, expect, it } from 'vitest';
import { portalLink, renderDigestMail, renderEventMail } from './alert-mail';
import type { AlertMailEvent } from './alert-mail-event';

const event: AlertMailEvent = {
  alertId: 3,
  alertName: 'Night shift',
  product: 'battery',
  operatingSiteId: 4,
  siteName: 'Hamburg Hafen',
  timeZone: 'Europe/Berlin',
  serialNumber: '2010001',
  deviceName: 'Truck 7',
  type: 'warning',
  code: 'W201',
  description: 'Cell temperature high',
  category: null,
  ts: '2026-11-21T23:30:00.000Z',
  attributes: { SOC: 55.5 },
};

describe('alert mail', () => {
  it('links into the portal', () => {
    expect(portalLink('https://cbm.example.com/', event)).toBe('https://cbm.example.com/4/batteries/2010001');
    expect(portalLink('https://cbm.example.com', { ...event, product: 'mdload' })).toBe(
      'https://cbm.example.com/4/mdload/events',
    );
  });

  it('tells the event in English and German', () => {
    const english = renderEventMail(event, 'en', 'https://cbm.example.com');
    expect(english.subject).toBe('[CBM] Warning W201 at Truck 7 – Night shift');
    expect(english.text).toContain('Battery: Truck 7 (2010001)\nTime: 11-22-2026 00:30:00 (Europe/Berlin)');
    expect(english.text).toContain('Details: SOC 55.5');
    expect(english.text).toContain('Event: Warning W201 – Low state of charge\nCategory: SOC');
    const german = renderEventMail(event, 'de', 'https://cbm.example.com');
    expect(german.subject).toBe('[CBM] Warnung W201 bei Truck 7 – Night shift');
    expect(german.text).toContain('Details: SOC 55,5');
    expect(german.text).toContain('Ereignis: Warnung W201 – Niedriger Ladezustand\nKategorie: Ladezustand');
  });

  it('sums up a digest with the first events and how many more', () => {
    const mail = renderDigestMail(
      event,
      { count: 30, sample: [event, { ...event, code: 'W202' }], from: new Date(event.ts), to: new Date(event.ts) },
      'en',
      'https://cbm.example.com',
    );
    expect(mail.subject).toBe('[CBM] 30 more events for alert Night shift');
    expect(mail.text).toContain('Event: Warning W202 – Cell temperature high');
    expect(mail.text).toContain('Event: Warning W201 – Low state of charge');
    expect(mail.text).toContain('… and 28 more.');
    expect(mail.text).toContain('Open in CBM: https://cbm.example.com/4/alerts');
  });
});
