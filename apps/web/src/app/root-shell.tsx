import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useUser } from '../features/session';
import { NotificationCenter } from '../lib/notifications/notification-center';
import { withAccessibleNames } from './accessible-names';
import { BlankLayout } from './layouts/blank-layout';
import { DefaultLayout } from './layouts/default-layout';
import { OverviewLayout } from './layouts/overview-layout';
import { NavigationProgressBar } from './shell/navigation-progress-bar';
import { THEME_LOOKS } from './themes';
import { useRouteHandle } from './use-route-handle';

const LAYOUTS = { blank: BlankLayout, default: DefaultLayout, overview: OverviewLayout };

/** The authenticated shell: theme, layout, tab title, toasts; removes the splash once rendered. */
export function RootShell() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const titleKey = useRouteHandle('titleKey');
  const Layout = LAYOUTS[useRouteHandle('layout') ?? 'blank'];
  const look = THEME_LOOKS[user.data?.theme ?? 'default'];
  const theme = useMemo(
    () =>
      withAccessibleNames(look.mantine, {
        closeDialog: t('common.closeDialog'),
        scrollableTable: t('common.scrollableTable'),
      }),
    [look, t],
  );

  useEffect(() => {
    document.getElementById('splash')?.remove();
  }, []);
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - CBM` : 'CBM';
  }, [t, titleKey]);

  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <NavigationProgressBar />
        <Layout>
          <Outlet />
        </Layout>
        <NotificationCenter />
      </DatesProvider>
    </MantineProvider>
  );
}
