import { type Alert, type AlertFormValues, type AlertProduct, alertBodySchema, UNGROUPED } from '@cbm/contracts/alerts';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../lib/validation-errors';

/** What the form edits; select values are strings (group ids, 'ungrouped'). */
export interface AlertFormState {
  operatingSiteId: string | null;
  name: string;
  active: boolean;
  alertOnError: boolean;
  alertOnWarning: boolean;
  alertOnLimit: boolean;
  groupId: string[];
  batteryTypes: string[];
  batterySerials: string[];
  emails: string[];
}

export function initialFormState(siteId: number, alert?: Alert): AlertFormState {
  return {
    operatingSiteId: String(alert?.operatingSiteId ?? siteId),
    name: alert?.name ?? '',
    active: alert?.active ?? true,
    alertOnError: alert?.alertOnError ?? true,
    alertOnWarning: alert?.alertOnWarning ?? false,
    alertOnLimit: alert?.alertOnLimit ?? false,
    groupId: (alert?.groupId ?? []).map(String),
    batteryTypes: alert?.batteryTypes ?? [],
    batterySerials: alert?.batterySerials ?? [],
    emails: alert?.emails ?? [],
  };
}

/** The form as the schema reads it; a cleared organization stays missing, so the schema names it. */
export const toAlertValues = (
  state: AlertFormState,
): Omit<AlertFormValues, 'operatingSiteId'> & { operatingSiteId?: number } => ({
  ...state,
  operatingSiteId: state.operatingSiteId === null ? undefined : Number(state.operatingSiteId),
  groupId: state.groupId.map((id) => (id === UNGROUPED ? UNGROUPED : Number(id))),
});

/** The form checked with the very schema the server uses; errors per field, in the UI language. */
export function validateAlertForm(product: AlertProduct, state: AlertFormState, t: TFunction) {
  const parsed = alertBodySchema(product).safeParse(toAlertValues(state));
  return parsed.success
    ? { body: parsed.data, errors: {} as Record<string, string> }
    : { body: undefined, errors: fieldErrors(parsed.error.issues, t) };
}

/** Serials exclude groups and types and vice versa (spec §5): which side is locked now. */
export function lockedSide(state: Pick<AlertFormState, 'groupId' | 'batteryTypes' | 'batterySerials'>) {
  if (state.batterySerials.length > 0) return 'groupsAndTypes';
  if (state.groupId.length > 0 || state.batteryTypes.length > 0) return 'serials';
  return null;
}
