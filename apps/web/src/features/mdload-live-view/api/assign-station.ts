import type {
  AssignChargerBody,
  AssignGroupBody,
  MdloadLiveViewResponse,
  MdloadUnit,
} from '@cbm/contracts/mdload-live-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replaceUnit } from '../mdload-live-model';
import { MDLOAD_LIVE_VIEW_PATH, mdloadLiveViewKey } from './get-mdload-live-view';

type Assignment =
  | { stationId: number; kind: 'charger'; body: AssignChargerBody }
  | { stationId: number; kind: 'group'; body: AssignGroupBody };

/**
 * POST /mdload/MdLoadLiveView/{stationId}/charger or …/group. The answer is the station's unit, which replaces
 * that twin in the cached list; the list is fetched again because a charger may have left another unit's station.
 */
export function useAssignStation(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, kind, body }: Assignment) =>
      api<MdloadUnit>(`${MDLOAD_LIVE_VIEW_PATH}/${stationId}/${kind}`, {
        method: 'POST',
        query: { operatingSiteId },
        body,
      }),
    onSuccess: (unit, { kind }) => {
      queryClient.setQueryData<MdloadLiveViewResponse>(
        mdloadLiveViewKey(operatingSiteId),
        (data) => data && replaceUnit(data, unit),
      );
      if (kind === 'charger') void queryClient.invalidateQueries({ queryKey: mdloadLiveViewKey(operatingSiteId) });
    },
  });
}
