import type { ChargingStation, ChargingStationGroup, MdloadCharger } from '@cbm/contracts/mdload-live-view';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useAssignStation } from '../api/assign-station';

/** Moving a station to another group and assigning its charger, each confirmed by a message titled `title`. */
export function useStationActions(siteId: number, chargers: readonly MdloadCharger[], title: string) {
  const { t } = useTranslation();
  const assign = useAssignStation(siteId);
  const success = (message: string) => notifications.add({ type: 'success', title, message });

  const move = (station: ChargingStation, group: ChargingStationGroup) =>
    assign.mutate(
      { stationId: station.id, kind: 'group', body: { groupId: group.id } },
      { onSuccess: () => success(t('mdloadLiveView.station.moved', { name: station.name, group: group.name })) },
    );
  const assignCharger = (station: ChargingStation, chargerId: number | null) => {
    const charger = chargers.find((entry) => entry.id === chargerId);
    return assign
      .mutateAsync({ stationId: station.id, kind: 'charger', body: { chargerId } })
      .then(() =>
        success(
          charger
            ? t('mdloadLiveView.station.chargerAssigned', { charger: charger.name, name: station.name })
            : t('mdloadLiveView.station.chargerRemoved', { name: station.name }),
        ),
      );
  };
  return { move, assignCharger };
}
