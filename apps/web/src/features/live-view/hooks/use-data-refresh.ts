import { LIVE_VIEW_UPDATE_POLL_MS, LIVE_VIEW_UPDATE_TIMEOUT_MS } from '@cbm/contracts/constants';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { mergeBattery } from '../api/change-battery';
import { getLiveBattery } from '../api/get-live-battery';
import { requestDataRefresh } from '../api/request-data-refresh';
import { isRefreshing, REFRESH_RESULT_SHOWN_MS, type RefreshProgress, secondsUntil } from '../data-refresh-model';

const isNewer = (battery: LiveViewBattery, before: string | null) =>
  battery.lastDataTimestamp !== null && (before === null || Date.parse(battery.lastDataTimestamp) > Date.parse(before));

/**
 * 'Update data' (state rules): asks the battery for fresh data, then reads it every second until its
 * lastDataTimestamp is newer, merges it and says so; gives up after 60 s with a message. Answers each
 * battery's progress for its card, the result for REFRESH_RESULT_SHOWN_MS.
 */
export function useDataRefresh(siteId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ReadonlyMap<string, RefreshProgress>>(new Map());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const later = useCallback((run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const show = useCallback((serial: string, next: RefreshProgress) => {
    setProgress((current) => new Map(current).set(serial, next));
  }, []);

  const finish = useCallback(
    (serial: string, result: RefreshProgress) => {
      show(serial, result);
      // A newer run of the same battery keeps its own progress.
      later(
        () => setProgress((current) => (current.get(serial) === result ? without(current, serial) : current)),
        REFRESH_RESULT_SHOWN_MS,
      );
    },
    [show, later],
  );

  const refresh = useCallback(
    async (battery: LiveViewBattery) => {
      const serial = battery.batterySerialNumber;
      const name = battery.batteryName;
      show(serial, { phase: 'asking' });
      const started = await requestDataRefresh(siteId, serial).catch(() => null);
      if (!started) return finish(serial, { phase: 'failed' });
      if (started.upToDate) {
        notifications.add({ type: 'info', title: name, message: t('liveView.update.upToDate', { name }) });
        return finish(serial, { phase: 'upToDate' });
      }
      const deadline = Date.now() + LIVE_VIEW_UPDATE_TIMEOUT_MS;
      const poll = async () => {
        show(serial, { phase: 'waiting', secondsLeft: secondsUntil(deadline, Date.now()) });
        const fresh = await getLiveBattery(siteId, serial).catch(() => null);
        if (fresh && isNewer(fresh, started.lastDataTimestamp)) {
          mergeBattery(queryClient, siteId, fresh);
          notifications.add({ type: 'success', title: name, message: t('liveView.update.updated', { name }) });
          return finish(serial, { phase: 'updated' });
        }
        if (Date.now() >= deadline) {
          notifications.add({ type: 'warning', title: name, message: t('liveView.update.timeout', { name }) });
          return finish(serial, { phase: 'timeout' });
        }
        later(() => void poll(), LIVE_VIEW_UPDATE_POLL_MS);
      };
      await poll();
    },
    [siteId, queryClient, t, show, finish, later],
  );

  const refreshing = useCallback((serial: string) => isRefreshing(progress.get(serial)), [progress]);
  return { refresh, progress, refreshing };
}

function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const rest = new Map(map);
  rest.delete(key);
  return rest;
}
