import { LIVE_VIEW_UPDATE_POLL_MS, LIVE_VIEW_UPDATE_TIMEOUT_MS } from '@cbm/contracts/constants';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { mergeBattery } from '../api/change-battery';
import { getLiveBattery } from '../api/get-live-battery';
import { requestDataRefresh } from '../api/request-data-refresh';

const isNewer = (battery: LiveViewBattery, before: string | null) =>
  battery.lastDataTimestamp !== null && (before === null || Date.parse(battery.lastDataTimestamp) > Date.parse(before));

/**
 * 'Update data' (state rules): asks the battery for fresh data, then reads it every second until its
 * lastDataTimestamp is newer, merges it and says so; gives up after 60 s with a message.
 */
export function useDataRefresh(siteId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const finish = useCallback((serial: string) => {
    setRefreshing((current) => new Set([...current].filter((entry) => entry !== serial)));
  }, []);

  const refresh = useCallback(
    async (battery: LiveViewBattery) => {
      const serial = battery.batterySerialNumber;
      const name = battery.batteryName;
      setRefreshing((current) => new Set(current).add(serial));
      const started = await requestDataRefresh(siteId, serial).catch(() => null);
      if (!started) return finish(serial);
      if (started.upToDate) {
        notifications.add({ type: 'info', title: name, message: t('liveView.update.upToDate', { name }) });
        return finish(serial);
      }
      const deadline = Date.now() + LIVE_VIEW_UPDATE_TIMEOUT_MS;
      const poll = async () => {
        const fresh = await getLiveBattery(siteId, serial).catch(() => null);
        if (fresh && isNewer(fresh, started.lastDataTimestamp)) {
          mergeBattery(queryClient, siteId, fresh);
          notifications.add({ type: 'success', title: name, message: t('liveView.update.updated', { name }) });
          return finish(serial);
        }
        if (Date.now() >= deadline) {
          notifications.add({ type: 'warning', title: name, message: t('liveView.update.timeout', { name }) });
          return finish(serial);
        }
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          void poll();
        }, LIVE_VIEW_UPDATE_POLL_MS);
        timers.current.add(timer);
      };
      await poll();
    },
    [siteId, queryClient, t, finish],
  );

  return { refresh, refreshing };
}
