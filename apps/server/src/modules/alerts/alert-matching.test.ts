import { describe, expect, it } from 'vitest';
import { type AlertRule, type AlertTarget, alertMatches } from './alert-matching';

const rule = (values: Partial<AlertRule> = {}): AlertRule => ({
  id: 1,
  product: 'battery',
  operatingSiteId: 4,
  name: 'Shift',
  alertOnError: true,
  alertOnWarning: false,
  alertOnLimit: false,
  groupIds: [7],
  includeUngrouped: false,
  batteryTypes: ['LFP 48V'],
  batterySerials: [],
  emails: ['ops@example.com'],
  language: 'en',
  ...values,
});
const battery = (values: Partial<AlertTarget> = {}): AlertTarget => ({
  product: 'battery',
  operatingSiteId: 4,
  serialNumber: '2010001',
  groupId: 7,
  types: ['LFP 48V'],
  ...values,
});

describe('alertMatches', () => {
  it('needs group and type together (combined selections all match)', () => {
    expect(alertMatches(rule(), battery(), 'error')).toBe(true);
    expect(alertMatches(rule(), battery({ groupId: 8 }), 'error')).toBe(false);
    expect(alertMatches(rule(), battery({ types: ['LFP 80V'] }), 'error')).toBe(false);
  });

  it('matches Ungrouped batteries only when Ungrouped is chosen', () => {
    expect(alertMatches(rule(), battery({ groupId: null }), 'error')).toBe(false);
    expect(alertMatches(rule({ includeUngrouped: true }), battery({ groupId: null }), 'error')).toBe(true);
    expect(alertMatches(rule({ groupIds: [], includeUngrouped: true }), battery({ groupId: 7 }), 'error')).toBe(false);
  });

  it('All groups (no group narrowing) matches every group, one created later and Ungrouped too', () => {
    const allGroups = rule({ groupIds: [], includeUngrouped: false });
    expect(alertMatches(allGroups, battery({ groupId: 999 }), 'error')).toBe(true);
    expect(alertMatches(allGroups, battery({ groupId: null }), 'error')).toBe(true);
    expect(alertMatches(allGroups, battery({ groupId: 999, types: ['LFP 80V'] }), 'error')).toBe(false);
  });

  it('matches only the kinds chosen', () => {
    expect(alertMatches(rule(), battery(), 'warning')).toBe(false);
    expect(alertMatches(rule({ alertOnWarning: true }), battery(), 'warning')).toBe(true);
    expect(alertMatches(rule({ alertOnLimit: true }), battery(), 'limit')).toBe(true);
  });

  it('by serials, ignores groups and types', () => {
    const bySerial = rule({ batterySerials: ['2010001'], groupIds: [], batteryTypes: [] });
    expect(alertMatches(bySerial, battery({ groupId: 99, types: ['other'] }), 'error')).toBe(true);
    expect(alertMatches(bySerial, battery({ serialNumber: '2010002' }), 'error')).toBe(false);
  });

  it('never crosses sites or products', () => {
    expect(alertMatches(rule(), battery({ operatingSiteId: 5 }), 'error')).toBe(false);
    expect(alertMatches(rule(), battery({ product: 'mdload' }), 'error')).toBe(false);
  });

  it('matches charger-station units by the battery models of their stations', () => {
    const mdload = rule({ product: 'mdload', groupIds: [], batteryTypes: ['PowerPack 48'] });
    const unit = battery({ product: 'mdload', groupId: null, types: ['PowerPack 80', 'PowerPack 48'] });
    expect(alertMatches(mdload, unit, 'error')).toBe(true);
    expect(alertMatches(mdload, { ...unit, types: [] }, 'error')).toBe(false);
  });
});
