import type { AlertProduct } from '@cbm/contracts/alerts';

/** An active alert rule as ingestion matches it. */
export interface AlertRule {
  id: number;
  product: AlertProduct;
  operatingSiteId: number;
  name: string;
  alertOnError: boolean;
  alertOnWarning: boolean;
  alertOnLimit: boolean;
  groupIds: number[];
  includeUngrouped: boolean;
  batteryTypes: string[];
  batterySerials: string[];
  emails: string[];
  language: 'en' | 'de';
}

/** The device an event came from: a battery (with its group and type) or a charger-station unit. */
export interface AlertTarget {
  product: AlertProduct;
  operatingSiteId: number;
  serialNumber: string;
  /** null: Ungrouped (batteries); charger-station units have no group. */
  groupId: number | null;
  /** The battery's type; for a unit, the battery models its stations charge. */
  types: readonly string[];
}

export type AlertEventType = 'error' | 'warning' | 'limit';

const KIND: Record<AlertEventType, keyof Pick<AlertRule, 'alertOnError' | 'alertOnWarning' | 'alertOnLimit'>> = {
  error: 'alertOnError',
  warning: 'alertOnWarning',
  limit: 'alertOnLimit',
};

/**
 * Whether the rule fires for an event of this type at this device. Serials exclude groups and types;
 * otherwise every selection the rule makes must match (an empty selection does not narrow).
 */
export function alertMatches(rule: AlertRule, target: AlertTarget, type: AlertEventType): boolean {
  if (rule.product !== target.product || rule.operatingSiteId !== target.operatingSiteId) return false;
  if (!rule[KIND[type]]) return false;
  if (rule.batterySerials.length > 0) return rule.batterySerials.includes(target.serialNumber);
  const groupSelected = rule.groupIds.length > 0 || rule.includeUngrouped;
  if (rule.product === 'battery' && groupSelected) {
    const inGroup = target.groupId === null ? rule.includeUngrouped : rule.groupIds.includes(target.groupId);
    if (!inGroup) return false;
  }
  return rule.batteryTypes.length === 0 || target.types.some((type) => rule.batteryTypes.includes(type));
}
