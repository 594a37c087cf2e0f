import { AUDIT_ACTION_NAMES, AUDIT_ENTITY_TYPES } from '@cbm/contracts/audit';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { auditValueLines } from './audit-values';

describe('audit log texts', () => {
  it('names every recorded action and entity in English and German', () => {
    for (const language of ['en', 'de']) {
      for (const action of AUDIT_ACTION_NAMES) {
        expect(i18n.exists(`audit.actions.${action}`, { lng: language, fallbackLng: false }), action).toBe(true);
      }
      for (const entity of AUDIT_ENTITY_TYPES) {
        expect(i18n.exists(`audit.entities.${entity}`, { lng: language, fallbackLng: false }), entity).toBe(true);
      }
    }
  });

  it('shows values as translated fields, dates and numbers in the UI language', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t;
    expect(auditValueLines({ pricePerKwh: 0.3125, timezone: 'UTC', latitude: 48.1 }, 'de', t)).toEqual([
      'Breitengrad: 48,1',
      'Zeitzone: UTC',
      'Preis pro kWh: 0,3125',
    ]);
    expect(auditValueLines({ eoLDate: '2031-06-30' }, 'de', t)).toEqual(['Lizenzende: 30.06.2031']);
    await i18n.changeLanguage('en');
    expect(auditValueLines({ eoLDate: '2031-06-30' }, 'en', i18n.t)).toEqual(['Licence end: 06-30-2031']);
    expect(
      auditValueLines({ groupName: null, operatingSiteId: 3, operatingSiteName: 'Bremen GVZ' }, 'en', i18n.t),
    ).toEqual(['Operating site: Bremen GVZ', 'Group: —']);
    expect(auditValueLines({ somethingNew: true, name: 'Depot' }, 'en', i18n.t)).toEqual([
      'Name: Depot',
      'somethingNew: yes',
    ]);
    expect(auditValueLines(null, 'en', i18n.t)).toEqual([]);
  });

  it('writes states, statuses and yes/no as words, not the stored keys ("state: open")', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t;
    expect(auditValueLines({ state: 'open', acknowledgedBy: null, comment: 'geprüft' }, 'de', t)).toEqual([
      'Zustand: Offen',
      'Quittiert von: —',
      'Kommentar: geprüft',
    ]);
    expect(auditValueLines({ status: 'upload pending' }, 'de', t)).toEqual(['Status: Upload ausstehend']);
    expect(auditValueLines({ status: 'running' }, 'de', t)).toEqual(['Status: Läuft']);
    expect(auditValueLines({ twoFactorRequired: true, hasProfiling: false }, 'de', t)).toEqual([
      'Zwei-Faktor-Anmeldung verlangt: ja',
      'Detailliertes Profiling: nein',
    ]);
    await i18n.changeLanguage('en');
    expect(auditValueLines({ state: 'acknowledged' }, 'en', i18n.t)).toEqual(['State: Acknowledged']);
  });
});
