import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { acceptEmails, errorRulePreset, initialFormState, validateAlertForm } from './alert-form-model';

const t = i18n.getFixedT('en');
const valid = {
  ...initialFormState(4),
  name: 'Night',
  allGroups: false,
  groupId: ['ungrouped', '7'],
  batteryTypes: ['LFP'],
  emails: ['a@b.de'],
};

describe('alert form (validation rules)', () => {
  it('passes a complete form with the server’s schema', () => {
    const { body, errors } = validateAlertForm('battery', valid, t);
    expect(errors).toEqual({});
    expect(body?.groupId).toEqual(['ungrouped', 7]);
  });

  it("opens the alarm inbox's error rule on every error of the site's batteries, valid once an address is typed", () => {
    const state = initialFormState(4, undefined, errorRulePreset('Errors at Hamburg Hafen', ['LFP', 'NMC']));
    expect(state).toMatchObject({ name: 'Errors at Hamburg Hafen', alertOnError: true, alertOnWarning: false });
    const { body } = validateAlertForm('battery', { ...state, emails: ['a@b.de'] }, t);
    expect(body).toMatchObject({
      operatingSiteId: 4,
      alertOnError: true,
      groupId: ['all'],
      batteryTypes: ['LFP', 'NMC'],
    });
  });

  it('opens a new alert on groups and types with All groups chosen, so a type alone suffices', () => {
    const fresh = initialFormState(4);
    expect(fresh).toMatchObject({ way: 'groupsAndTypes', allGroups: true, groupId: [] });
    const { body } = validateAlertForm(
      'battery',
      { ...fresh, name: 'All', batteryTypes: ['LFP'], emails: ['a@b.de'] },
      t,
    );
    expect(body?.groupId).toEqual(['all']);
  });

  it('flags only what the chosen way misses when submitted empty', () => {
    const empty = { ...initialFormState(4), operatingSiteId: null };
    expect(validateAlertForm('battery', empty, t).errors).toEqual({
      operatingSiteId: 'Please select one or more organizations',
      name: 'Name is required',
      emails: 'E-Mail is required',
      batteryTypes: 'One or more battery types are required',
    });
    expect(validateAlertForm('battery', { ...empty, allGroups: false }, t).errors).toMatchObject({
      groupId: 'One or more groups are required',
      batteryTypes: 'One or more battery types are required',
    });
    const bySerials = validateAlertForm('battery', { ...valid, way: 'serials' }, t).errors;
    expect(bySerials).toEqual({ batterySerials: 'Battery serials is required' });
  });

  it('sends only the chosen way’s selection', () => {
    const { body } = validateAlertForm('battery', { ...valid, way: 'serials', batterySerials: ['2010001'] }, t);
    expect(body).toMatchObject({ groupId: [], batteryTypes: [], batterySerials: ['2010001'] });
  });

  it('names charger-station units and battery models in the charger-station form', () => {
    const unit = { ...initialFormState(4), name: 'Units', emails: ['a@b.de'] };
    expect(validateAlertForm('mdload', { ...unit, way: 'serials' }, t).errors).toEqual({
      batterySerials: 'One or more charger-station units are required',
    });
    expect(validateAlertForm('mdload', unit, t).errors).toEqual({
      batteryTypes: 'One or more battery models are required',
    });
    expect(validateAlertForm('mdload', { ...unit, batteryTypes: ['PowerPack 48'] }, t).body?.groupId).toEqual([]);
  });

  it('refuses an invalid address as it is entered, keeping the valid ones', () => {
    expect(acceptEmails(['a@b.de', 'x@'], t)).toEqual({
      emails: ['a@b.de'],
      refused: 'x@',
      error: 'E-Mail is invalid',
    });
    expect(acceptEmails(['a@b.de'], i18n.getFixedT('de'))).toEqual({
      emails: ['a@b.de'],
      refused: undefined,
      error: undefined,
    });
    expect(acceptEmails(['x@'], i18n.getFixedT('de')).error).toBe('E-Mail ist ungültig');
  });
});
