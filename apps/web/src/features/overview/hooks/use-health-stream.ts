import { useQueryClient } from '@tanstack/react-query';
import { useSitesStream } from '../../../lib/use-sites-stream';
import { FLEET_HEALTH_KEY } from '../api/get-fleet-health';

/**
 * Refetches the fleet health and the needs-attention list when an alarm of one of the sites changes, or a
 * battery's or charger-station unit's state that they count (one live stream over the sites, decision 052; the
 * server leaves out the other readings, decision 056).
 */
export function useHealthStream(siteIds: readonly number[]) {
  const queryClient = useQueryClient();
  useSitesStream(
    siteIds,
    ['battery', 'mdload', 'alarm'],
    () => void queryClient.invalidateQueries({ queryKey: [FLEET_HEALTH_KEY] }),
    'health',
  );
}
