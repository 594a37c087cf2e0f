import {
  ALL_GROUPS,
  type Alert,
  type AlertFormValues,
  type AlertGroupId,
  type AlertProduct,
  alertBodySchema,
  isAlertEmail,
  UNGROUPED,
} from '@cbm/contracts/alerts';
import { VALIDATION } from '@cbm/contracts/validation-messages';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../lib/validation-errors';

/** The two exclusive ways to choose the devices of an alert (validation rules). */
export type SelectionWay = 'groupsAndTypes' | 'serials';

/** What the form edits; select values are strings (group ids, 'ungrouped'). */
export interface AlertFormState {
  operatingSiteId: string | null;
  name: string;
  active: boolean;
  alertOnError: boolean;
  alertOnWarning: boolean;
  alertOnLimit: boolean;
  way: SelectionWay;
  /** All groups, also those created later; otherwise the chosen groupId. */
  allGroups: boolean;
  groupId: string[];
  batteryTypes: string[];
  batterySerials: string[];
  emails: string[];
}

/**
 * A new rule for every error of the site's batteries, of all its groups and `types` (offered by the alarm inbox); the
 * addresses are the user's to type.
 */
export const errorRulePreset = (name: string, types: readonly string[]): Partial<AlertFormState> => ({
  name,
  alertOnError: true,
  alertOnWarning: false,
  alertOnLimit: false,
  way: 'groupsAndTypes',
  allGroups: true,
  batteryTypes: [...types],
});

export function initialFormState(siteId: number, alert?: Alert, preset?: Partial<AlertFormState>): AlertFormState {
  const groupId = alert?.groupId ?? [ALL_GROUPS];
  return {
    operatingSiteId: String(alert?.operatingSiteId ?? siteId),
    name: alert?.name ?? '',
    active: alert?.active ?? true,
    alertOnError: alert?.alertOnError ?? true,
    alertOnWarning: alert?.alertOnWarning ?? false,
    alertOnLimit: alert?.alertOnLimit ?? false,
    way: (alert?.batterySerials.length ?? 0) > 0 ? 'serials' : 'groupsAndTypes',
    allGroups: groupId.includes(ALL_GROUPS),
    groupId: groupId.filter((id) => id !== ALL_GROUPS).map(String),
    batteryTypes: alert?.batteryTypes ?? [],
    batterySerials: alert?.batterySerials ?? [],
    emails: alert?.emails ?? [],
    ...preset,
  };
}

const groupSelection = (product: AlertProduct, state: AlertFormState): AlertGroupId[] => {
  if (product === 'mdload') return [];
  if (state.allGroups) return [ALL_GROUPS];
  return state.groupId.map((id) => (id === UNGROUPED ? UNGROUPED : Number(id)));
};

/** The form as the schema reads it: only the chosen way's selection; a cleared organization stays missing. */
export const toAlertValues = (
  product: AlertProduct,
  state: AlertFormState,
): Omit<AlertFormValues, 'operatingSiteId'> & { operatingSiteId?: number } => {
  const { way: _way, allGroups: _all, ...values } = state;
  const bySerials = state.way === 'serials';
  return {
    ...values,
    operatingSiteId: state.operatingSiteId === null ? undefined : Number(state.operatingSiteId),
    groupId: bySerials ? [] : groupSelection(product, state),
    batteryTypes: bySerials ? [] : state.batteryTypes,
    batterySerials: bySerials ? state.batterySerials : [],
  };
};

const OTHER_WAY_FIELDS: Record<SelectionWay, readonly string[]> = {
  groupsAndTypes: ['batterySerials'],
  serials: ['groupId', 'batteryTypes'],
};

/** The form checked with the very schema the server uses; errors per field of the chosen way, in the UI language. */
export function validateAlertForm(product: AlertProduct, state: AlertFormState, t: TFunction) {
  const parsed = alertBodySchema(product).safeParse(toAlertValues(product, state));
  if (parsed.success) return { body: parsed.data, errors: {} as Record<string, string> };
  const issues = parsed.error.issues.filter((issue) => !OTHER_WAY_FIELDS[state.way].includes(String(issue.path[0])));
  return { body: undefined, errors: fieldErrors(issues, t) };
}

/**
 * The addresses typed so far split into accepted ones and the first refused text, so an invalid address
 * never becomes a tag and its message sits on the field.
 */
export function acceptEmails(entries: readonly string[], t: TFunction) {
  const refused = entries.find((entry) => !isAlertEmail(entry));
  return {
    emails: entries.filter(isAlertEmail),
    refused,
    error: refused === undefined ? undefined : t(VALIDATION.alertEmailInvalid),
  };
}
