import { useEffect, useSyncExternalStore } from 'react';
import { connectionLostSince, type LostSince, onConnectionChange, setBrowserOffline } from './connection-state';

/** Since when the live connection is lost (null while it is live); follows the browser's offline/online too. */
export function useConnectionLostSince(): LostSince {
  useEffect(() => {
    const update = () => setBrowserOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return useSyncExternalStore(onConnectionChange, connectionLostSince);
}
