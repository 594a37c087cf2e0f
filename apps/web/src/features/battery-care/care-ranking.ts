import type { CareBattery } from '@cbm/contracts/battery-care';

export interface GroupRank {
  key: string;
  groupName: string | null;
  batteries: number;
  /** Mean score of the group's batteries with a score, rounded; null when none has one. */
  meanScore: number | null;
  worst: CareBattery;
}

/** The groups (Ungrouped as one), worst mean score first; each with its worst battery (the answer is worst first). */
export function groupRanking(batteries: readonly CareBattery[]): GroupRank[] {
  const groups = new Map<string, CareBattery[]>();
  for (const battery of batteries) {
    const key = battery.groupId === null ? 'ungrouped' : String(battery.groupId);
    groups.set(key, [...(groups.get(key) ?? []), battery]);
  }
  return [...groups]
    .map(([key, members]) => {
      const scores = members.flatMap((battery) => (battery.careScore === null ? [] : [battery.careScore]));
      return {
        key,
        groupName: members[0]?.groupName ?? null,
        batteries: members.length,
        meanScore: scores.length ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null,
        worst: members[0] as CareBattery,
      };
    })
    .sort((a, b) => (a.meanScore ?? 101) - (b.meanScore ?? 101));
}
