import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import type { AssignChargerBody, AssignGroupBody, MdloadLiveViewResponse } from '@cbm/contracts/mdload-live-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { replaceUnit } from '../mdload-live-model';
import { mdloadLiveViewKey } from './get-mdload-live-view';

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
      kind === 'charger'
        ? call(mdloadLiveViewEndpoints.assignCharger, { params: { id: stationId }, query: { operatingSiteId }, body })
        : call(mdloadLiveViewEndpoints.assignGroup, { params: { id: stationId }, query: { operatingSiteId }, body }),
    onSuccess: (unit, { kind }) => {
      queryClient.setQueryData<MdloadLiveViewResponse>(
        mdloadLiveViewKey(operatingSiteId),
        (data) => data && replaceUnit(data, unit),
      );
      if (kind === 'charger') void queryClient.invalidateQueries({ queryKey: mdloadLiveViewKey(operatingSiteId) });
    },
  });
}
