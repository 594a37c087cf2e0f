import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import { ERROR_FLAG_WINDOW_HOURS } from '@cbm/contracts/constants';
import type { UiLanguage } from '@cbm/contracts/date-formats';
import { deviceEventText } from '@cbm/contracts/device-texts';
import { shownStatus } from '@cbm/contracts/fleet-health';
import type { LiveBattery } from '@cbm/contracts/live-stream';
import type { LiveViewBattery, LiveViewSuggestion } from '@cbm/contracts/live-view';

/** The key of the Ungrouped pseudo-group (id null) in collapse state and drop targets. */
export const UNGROUPED = 'ungrouped';
export type SectionKey = number | typeof UNGROUPED;

export interface Section {
  key: SectionKey;
  /** null for Ungrouped */
  group: BatteryGroup | null;
  batteries: LiveViewBattery[];
}

export type VirtualRow =
  | { kind: 'header'; section: Section; collapsed: boolean }
  | { kind: 'batteries'; key: SectionKey; batteries: LiveViewBattery[] }
  | { kind: 'empty'; key: SectionKey };

export const sectionKey = (groupId: number | null): SectionKey => groupId ?? UNGROUPED;

/**
 * The groups in the server's order, then Ungrouped. While searching, only sections with matches show;
 * otherwise every group shows, empty ones too (so that batteries can be dropped into them).
 */
export function buildSections(
  batteries: readonly LiveViewBattery[],
  groups: readonly BatteryGroup[],
  searching: boolean,
): Section[] {
  const byKey = new Map<SectionKey, LiveViewBattery[]>();
  for (const battery of batteries) {
    const key = sectionKey(battery.groupId);
    const list = byKey.get(key);
    if (list) list.push(battery);
    else byKey.set(key, [battery]);
  }
  const sections: Section[] = groups.map((group) => ({ key: group.id, group, batteries: byKey.get(group.id) ?? [] }));
  sections.push({ key: UNGROUPED, group: null, batteries: byKey.get(UNGROUPED) ?? [] });
  return searching ? sections.filter((section) => section.batteries.length > 0) : sections;
}

/** The rows the virtual list renders: a header per section, then its batteries `columns` to a row. */
export function buildRows(sections: readonly Section[], columns: number, collapsed: ReadonlySet<SectionKey>) {
  const rows: VirtualRow[] = [];
  for (const section of sections) {
    const isCollapsed = collapsed.has(section.key);
    rows.push({ kind: 'header', section, collapsed: isCollapsed });
    if (isCollapsed) continue;
    if (section.batteries.length === 0) rows.push({ kind: 'empty', key: section.key });
    for (let start = 0; start < section.batteries.length; start += columns) {
      rows.push({ kind: 'batteries', key: section.key, batteries: section.batteries.slice(start, start + columns) });
    }
  }
  return rows;
}

/** A pushed battery state as the fields of the live view it changes. */
export function fromLiveBattery(live: LiveBattery, now = Date.now()): Partial<LiveViewBattery> {
  const lastError = live.lastErrorAt ? Date.parse(live.lastErrorAt) : Number.NEGATIVE_INFINITY;
  return {
    batterySerialNumber: live.batterySerialNumber,
    status: shownStatus(live.status, live.currentErrorCode),
    online: live.online,
    soc: live.soc,
    soh: live.soh,
    stackVoltage: live.stackVoltage,
    minCellTemperature: live.minCellTemperature,
    maxCellTemperature: live.maxCellTemperature,
    lastDataTimestamp: live.lastDataTimestamp,
    currentErrorCode: live.currentErrorCode,
    hasCurrentError: live.currentErrorCode !== null,
    errorWithin24h: now - lastError <= ERROR_FLAG_WINDOW_HOURS * 3_600_000,
  };
}

/**
 * The search field's suggestions: each battery's name (picking one searches for it), keyed by its serial so equal
 * names stay apart. A battery whose name or serial is exactly what was typed completes nothing and is left out.
 */
export function suggestionOptions(suggestions: readonly LiveViewSuggestion[], typed: string) {
  const text = typed.trim().toLocaleLowerCase();
  return suggestions
    .filter(
      (battery) =>
        battery.batteryName.toLocaleLowerCase() !== text && battery.batterySerialNumber.toLocaleLowerCase() !== text,
    )
    .map((battery) => ({ value: battery.batterySerialNumber, label: battery.batteryName }));
}

/** The current error's code and, for a catalogued code, its description in the language (decision 036). */
export function currentErrorText(code: string, language: UiLanguage): { code: string; description?: string } {
  const { description } = deviceEventText(language, { code, description: '', category: null });
  return description ? { code, description } : { code };
}
