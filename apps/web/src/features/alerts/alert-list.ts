import type { Alert } from '@cbm/contracts/alerts';

/** State rules: a saved alert replaces the one with its id, or is appended. */
export function upsertAlert(list: readonly Alert[] | undefined, alert: Alert): Alert[] {
  const items = list ?? [];
  return items.some((item) => item.id === alert.id)
    ? items.map((item) => (item.id === alert.id ? alert : item))
    : [...items, alert];
}

/** State rules: a deleted alert is removed by id. */
export const removeAlert = (list: readonly Alert[] | undefined, id: number): Alert[] =>
  (list ?? []).filter((item) => item.id !== id);
