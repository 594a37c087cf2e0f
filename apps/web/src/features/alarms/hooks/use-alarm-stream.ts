import { useQueryClient } from '@tanstack/react-query';
import { useSitesStream } from '../../../lib/use-sites-stream';
import { ALARMS_KEY } from '../api/get-alarms';

/** Reads the inboxes again when alarms of the sites open, are acknowledged or clear (decision 044). */
export function useAlarmStream(siteIds: readonly number[]) {
  const queryClient = useQueryClient();
  useSitesStream(siteIds, ['alarm'], () => void queryClient.invalidateQueries({ queryKey: [ALARMS_KEY] }));
}
