import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { todayIn } from '../../../lib/dates';
import { type TriageFilter, type TriageSort, triage, triageCounts } from '../triage-model';

const NONE: LiveViewBattery[] = [];

/** The chosen chip (per visit) and order (remembered), the chips' counts and the batteries they leave. */
export function useTriage(batteries: LiveViewBattery[] | undefined, timeZone: string) {
  const [filter, setFilter] = useState<TriageFilter | null>(null);
  const [sort, setSort] = useLocalStorage<TriageSort>({ key: 'cbm.liveView.sort', defaultValue: 'name' });
  const all = batteries ?? NONE;
  const today = todayIn(timeZone);
  const counts = useMemo(() => triageCounts(all, today), [all, today]);
  const shown = useMemo(() => triage(all, filter, sort, today), [all, filter, sort, today]);
  return { filter, setFilter, sort, setSort, counts, shown };
}
