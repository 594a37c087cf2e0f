import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSiteStreams } from '../../../lib/use-site-streams';
import { FLEET_HEALTH_KEY } from '../api/get-fleet-health';
import { healthSignal } from '../health-signal';

/**
 * Refetches the fleet health and the needs-attention list when an alarm of one of the sites changes, or a
 * battery's state that they count (their live streams, decisions 039 and 044).
 */
export function useHealthStream(siteIds: readonly number[]) {
  const queryClient = useQueryClient();
  const [relevant] = useState(healthSignal);
  useSiteStreams(
    siteIds,
    ['battery', 'alarm'],
    () => void queryClient.invalidateQueries({ queryKey: [FLEET_HEALTH_KEY] }),
    relevant,
  );
}
