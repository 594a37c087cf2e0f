import { describe, expect, it } from 'vitest';
import { alertBodySchema } from './alerts';
import { dataExportQuerySchema } from './data-export';
import { reportSettingsFormSchema } from './report-forms';
import { statisticsQuerySchema } from './statistics';

/** Every message per field, as a form gathers them. */
const messages = (schema: { safeParse(value: unknown): { error?: { issues: object[] } } }, value: unknown) => {
  const issues = (schema.safeParse(value).error?.issues ?? []) as { path: PropertyKey[]; message: string }[];
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('every message of a form at once (validation rules)', () => {
  it('an empty battery alert names the organization, name, e-mail, groups, types and serials together', () => {
    expect(messages(alertBodySchema('battery'), { alertOnError: true })).toEqual({
      operatingSiteId: 'validation.alertOrganizationRequired',
      name: 'validation.alertNameRequired',
      emails: 'validation.alertEmailRequired',
      groupId: 'validation.alertGroupsRequired',
      batteryTypes: 'validation.alertTypesRequired',
      batterySerials: 'validation.alertSerialsRequired',
    });
  });

  it('an alert with serials and a group says they exclude each other, beside a missing name', () => {
    const alert = { operatingSiteId: 4, alertOnError: true, groupId: [7], batterySerials: ['1'], emails: ['a@b.de'] };
    expect(messages(alertBodySchema('battery'), alert)).toEqual({
      name: 'validation.alertNameRequired',
      batterySerials: 'validation.alertSerialsExclusive',
    });
  });

  it('a charger-station alert has no groups, and still gets its other messages', () => {
    expect(messages(alertBodySchema('mdload'), { groupId: [7] })).toEqual({
      operatingSiteId: 'validation.alertOrganizationRequired',
      name: 'validation.alertNameRequired',
      emails: 'validation.alertEmailRequired',
      alertOnError: 'validation.alertKindRequired',
      groupId: 'validation.alertNoGroups',
      batteryTypes: 'validation.alertModelsRequired',
      batterySerials: 'validation.alertUnitsRequired',
    });
  });

  it('All groups is an explicit choice that stands alone', () => {
    const alert = { operatingSiteId: 4, name: 'All', alertOnError: true, batteryTypes: ['LFP'], emails: ['a@b.de'] };
    expect(alertBodySchema('battery').safeParse({ ...alert, groupId: ['all'] }).success).toBe(true);
    expect(messages(alertBodySchema('battery'), { ...alert, groupId: [] })).toEqual({
      groupId: 'validation.alertGroupsRequired',
    });
    expect(messages(alertBodySchema('battery'), { ...alert, groupId: ['all', 7] })).toEqual({
      groupId: 'validation.alertAllGroupsAlone',
    });
    expect(messages(alertBodySchema('mdload'), { ...alert, groupId: ['all'] })).toEqual({
      groupId: 'validation.alertNoGroups',
    });
  });

  it('a body that is no object is refused without running the rules', () => {
    expect(alertBodySchema('battery').safeParse(null).success).toBe(false);
    expect(statisticsQuerySchema.safeParse('x').success).toBe(false);
  });

  it('statistics name the group or serial beside the other required fields', () => {
    const empty = { operatingSiteId: 4, type: '', granularity: '', from: '', to: '' };
    expect(messages(statisticsQuerySchema, { ...empty, groupBy: 'group' })).toEqual({
      type: 'validation.typeRequired',
      granularity: 'validation.granularityRequired',
      from: 'validation.startTimeRequired',
      to: 'validation.endTimeRequired',
      groupIds: 'validation.groupRequired',
    });
    expect(messages(statisticsQuerySchema, { ...empty, groupBy: 'serial' }).serials).toBe('validation.serialRequired');
  });

  it('statistics and the export check the range beside a missing field', () => {
    const range = { from: '2026-11-21T00:00:00+01:00', to: '2026-11-20T00:00:00+01:00' };
    expect(messages(statisticsQuerySchema, { operatingSiteId: 4, groupBy: 'organization', ...range })).toEqual({
      type: 'validation.typeRequired',
      granularity: 'validation.granularityRequired',
      to: 'validation.rangeOrder',
    });
    expect(messages(dataExportQuerySchema, { operatingSiteId: 4, resolution: '', ...range })).toEqual({
      serials: 'validation.valuesRequired',
      resolution: 'validation.resolutionRequired',
      to: 'validation.rangeOrder',
    });
  });

  it('report settings name the serial and the period beside a missing price', () => {
    const form = {
      language: 'en_US',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      operatingSiteId: 4,
      setupType: 'serial',
      type: 'pdf',
      batterySerial: '',
      time: null,
    };
    expect(messages(reportSettingsFormSchema, form)).toEqual({
      pricePerKwh: 'validation.required',
      batterySerial: 'validation.required',
      time: 'validation.required',
    });
  });
});
