import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { useEnableRemote } from '../../battery-list';
import { useRequestDatalog } from '../../datalogs';
import { useChangeBattery, useDataRefresh } from '../../live-view';
import { useClockZone } from '../../sites';
import { pageBatteryQuery } from '../api/get-page-battery';

/** The page's actions on the existing endpoints; each one's result lands in the header and as a message. */
export function useBatteryActions(siteId: number, battery: LiveViewBattery) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const serial = battery.batterySerialNumber;
  const { queryKey } = pageBatteryQuery(siteId, serial);
  const { refresh, refreshing } = useDataRefresh(siteId);
  const change = useChangeBattery(siteId);
  const datalog = useRequestDatalog(siteId);
  const remote = useEnableRemote(siteId);
  const zone = useClockZone();
  const success = (message: string) => notifications.add({ type: 'success', title: battery.batteryName, message });
  const changed = (fresh: LiveViewBattery) => queryClient.setQueryData(queryKey, fresh);

  return {
    refreshing: refreshing(serial),
    refresh: () => void refresh(battery).then(() => queryClient.invalidateQueries({ queryKey })),
    rename: (batteryName: string) =>
      change.mutateAsync({ serial, change: { batteryName } }).then((fresh) => {
        changed(fresh);
        success(t('liveView.battery.renamed', { name: batteryName }));
      }),
    move: (groupId: number | null, groupName: string) =>
      change.mutate(
        { serial, change: { groupId: groupId ?? '' } },
        {
          onSuccess: (fresh) => {
            changed(fresh);
            success(t('liveView.battery.moved', { name: battery.batteryName, group: groupName }));
          },
        },
      ),
    requestingDatalog: datalog.isPending,
    requestDatalog: () =>
      datalog.mutate(serial, {
        onSuccess: () => success(t('datalogs.requestedMessage', { name: battery.batteryName })),
      }),
    enablingRemote: remote.isPending,
    enableRemote: () =>
      remote.mutate(serial, {
        onSuccess: ({ until }) =>
          success(t('batteryList.remote.enabledUntil', { until: formatDateTime(until, currentLanguage(), zone) })),
      }),
  };
}
