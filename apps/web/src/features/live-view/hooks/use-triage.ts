import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { todayIn } from '../../../lib/dates';
import { searchBatteries } from '../search-model';
import { orderBatteries, type TriageFilter, type TriageSort, triage, triageCounts } from '../triage-model';

const NONE: LiveViewBattery[] = [];

/**
 * The chosen chip (per visit) and order (remembered); the batteries the search finds, the chips' counts among them
 * and the batteries the chip leaves. The list is sorted once per list and order, so that a search or a chip is one
 * pass over it.
 */
export function useTriage(batteries: LiveViewBattery[] | undefined, search: string, timeZone: string) {
  const [filter, setFilter] = useState<TriageFilter | null>(null);
  const [sort, setSort] = useLocalStorage<TriageSort>({ key: 'cbm.liveView.sort', defaultValue: 'name' });
  const all = batteries ?? NONE;
  const today = todayIn(timeZone);
  const ordered = useMemo(() => orderBatteries(all, sort), [all, sort]);
  const found = useMemo(() => searchBatteries(ordered, search), [ordered, search]);
  const counts = useMemo(() => triageCounts(found, today), [found, today]);
  const shown = useMemo(() => triage(found, filter, today), [found, filter, today]);
  return { filter, setFilter, sort, setSort, counts, found, shown, today };
}
