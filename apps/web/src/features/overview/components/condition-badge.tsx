import type { SiteCondition } from '@cbm/contracts/fleet-health';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The map's and the list's colour of a site's worst state (decision 039). */
export const CONDITION_COLORS: Record<SiteCondition, string> = {
  error: 'red',
  offline: 'gray',
  attention: 'orange',
  ok: 'green',
  empty: 'gray',
};

export function ConditionBadge({ condition }: { condition: SiteCondition }) {
  const { t } = useTranslation();
  return (
    <Badge color={CONDITION_COLORS[condition]} variant={condition === 'empty' ? 'outline' : 'light'}>
      {t(`fleetHealth.condition.${condition}`)}
    </Badge>
  );
}
