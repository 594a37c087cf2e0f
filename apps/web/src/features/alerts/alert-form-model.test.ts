import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { initialFormState, lockedSide, validateAlertForm } from './alert-form-model';

const t = i18n.getFixedT('en');
const valid = {
  ...initialFormState(4),
  name: 'Night',
  groupId: ['ungrouped', '7'],
  batteryTypes: ['LFP'],
  emails: ['a@b.de'],
};

describe('alert form (spec §5)', () => {
  it('passes a complete form with the server’s schema', () => {
    const { body, errors } = validateAlertForm('battery', valid, t);
    expect(errors).toEqual({});
    expect(body?.groupId).toEqual(['ungrouped', 7]);
  });

  it('shows the spec texts, all at once', () => {
    const { errors } = validateAlertForm(
      'battery',
      { ...valid, operatingSiteId: null, name: '', emails: [], groupId: [], batteryTypes: [] },
      t,
    );
    expect(errors).toEqual({
      operatingSiteId: 'Please select one or more organizations',
      name: 'Name is required',
      emails: 'E-Mail is required',
      groupId: 'One or more groups are required',
      batteryTypes: 'One or more battery types are required',
      batterySerials: 'Battery serials is required',
    });
    const selection = validateAlertForm('battery', { ...valid, groupId: [], batteryTypes: [], emails: ['x'] }, t);
    expect(selection.errors).toEqual({
      groupId: 'One or more groups are required',
      batteryTypes: 'One or more battery types are required',
      batterySerials: 'Battery serials is required',
      emails: 'E-Mail is invalid',
    });
    expect(validateAlertForm('battery', { ...valid, emails: [] }, t).errors).toEqual({ emails: 'E-Mail is required' });
  });

  it('locks groups and types while serials are chosen, and serials while groups or types are', () => {
    expect(lockedSide({ groupId: [], batteryTypes: [], batterySerials: [] })).toBeNull();
    expect(lockedSide({ groupId: [], batteryTypes: [], batterySerials: ['1'] })).toBe('groupsAndTypes');
    expect(lockedSide({ groupId: ['ungrouped'], batteryTypes: [], batterySerials: [] })).toBe('serials');
  });
});
