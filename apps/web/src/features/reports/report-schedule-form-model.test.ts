import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { initialScheduleState, validateScheduleForm } from './report-schedule-form-model';

const t = i18n.getFixedT('en');

describe('the schedule form', () => {
  it('sends a fleet report without serials and leaves blank recipient rows out', () => {
    const state = {
      ...initialScheduleState('de'),
      batterySerials: ['B-1'],
      recipients: [
        { email: ' Fleet@Example.com ', language: 'de' as const },
        { email: '', language: 'en' as const },
      ],
    };
    expect(validateScheduleForm(7, state, t)).toEqual({
      body: {
        operatingSiteId: 7,
        kind: 'fleet',
        batterySerials: [],
        cadence: 'weekly',
        recipients: [{ email: 'fleet@example.com', language: 'de' }],
      },
      errors: {},
    });
  });

  it('shows the alert form’s messages: on the bad row’s address, and without any recipient', () => {
    const state = {
      ...initialScheduleState('en'),
      kind: 'battery' as const,
      recipients: [
        { email: '', language: 'en' as const },
        { email: 'not-an-address', language: 'en' as const },
      ],
    };
    expect(validateScheduleForm(7, state, t).errors).toEqual({
      batterySerials: 'Battery serials is required',
      'recipients.1': 'E-Mail is invalid',
    });
    const empty = validateScheduleForm(7, { ...state, recipients: [{ email: ' ', language: 'en' }] }, t);
    expect(empty.errors.recipients).toBe('E-Mail is required');
    expect(validateScheduleForm(7, state, i18n.getFixedT('de')).errors['recipients.1']).toBe('E-Mail ist ungültig');
  });
});
