import { NAVIGATION_PROGRESS_MS } from '@cbm/contracts/constants';
import { NavigationProgress, nprogress, nprogressStore, useNprogress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';

/**
 * A thin bar, no spinner, for at least 500 ms while navigating to a different path (screens and routes). Hidden from
 * assistive technology while no page is loading: an idle bar outside every landmark is no content.
 */
export function NavigationProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const startedAt = useRef<number | undefined>(undefined);
  const { mounted } = useNprogress(nprogressStore);
  const toOtherPath = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;

  useEffect(() => {
    if (toOtherPath && startedAt.current === undefined) {
      startedAt.current = Date.now();
      nprogress.start();
    }
    if (!toOtherPath && startedAt.current !== undefined) {
      const remaining = Math.max(0, NAVIGATION_PROGRESS_MS - (Date.now() - startedAt.current));
      startedAt.current = undefined;
      const timer = setTimeout(() => nprogress.complete(), remaining);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [toOtherPath]);

  return <NavigationProgress size={3} aria-label={t('menu.loadingPage')} aria-hidden={!mounted} />;
}
