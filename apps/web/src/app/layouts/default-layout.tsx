import { AppShell, Burger, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertNotifications } from '../../features/alerts';
import { HelpSidebar } from '../../features/help';
import { useOptionalSiteId } from '../../features/sites';
import { type Grants, isAllowed } from '../access';
import type { Access } from '../route-types';
import { AppHeader, HEADER_ROW_HEIGHT, HEADER_SITE_ROW_HEIGHT } from '../shell/app-header';
import { ConnectionState } from '../shell/connection-banner';
import { MainMenu } from '../shell/main-menu';
import { MAIN_CONTENT_ID } from '../shell/skip-link';
import { useGrants } from '../use-grants';
import { useRouteHandle } from '../use-route-handle';
import { SIDE_PANEL_BREAKPOINT, SIDE_PANEL_BREAKPOINT_PX } from './side-panels';

/** Up to this width (phones) the site switcher has a header row of its own. */
const PHONE_MAX_PX = 575;

/** Users who may see battery or charger-station alerts get their desktop notifications. */
const ALERT_ACCESS: Access = { features: ['cbm_alert', 'cbm_mdlalert'] };
const seesAlerts = (grants: Grants | undefined) => grants !== undefined && isAllowed(ALERT_ACCESS, grants);

/**
 * Pages inside an operating site: header with site switcher, menu, help sidebar, alert notifications.
 * Below the breakpoint (tablets) the menu and help lie over the page instead of narrowing it; the burger
 * opens the menu there and hides or shows it on wider screens.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${em(SIDE_PANEL_BREAKPOINT_PX)})`, true);
  const [menuOpen, menu] = useDisclosure(false);
  const [menuHidden, desktopMenu] = useDisclosure(false);
  const [helpOpen, help] = useDisclosure(false);
  const topic = useRouteHandle('help');
  const siteId = useOptionalSiteId();
  const grants = useGrants();
  const phone = useMediaQuery(`(max-width: ${em(PHONE_MAX_PX)})`, false, { getInitialValueInEffect: false });
  const menuShown = wide ? !menuHidden : menuOpen;
  return (
    <AppShell
      header={{ height: phone ? HEADER_ROW_HEIGHT + HEADER_SITE_ROW_HEIGHT : HEADER_ROW_HEIGHT }}
      navbar={{
        width: 260,
        breakpoint: SIDE_PANEL_BREAKPOINT,
        collapsed: { mobile: !menuOpen, desktop: menuHidden },
      }}
      aside={{ width: 320, breakpoint: SIDE_PANEL_BREAKPOINT, collapsed: { mobile: !helpOpen, desktop: !helpOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          withSiteSwitcher
          siteSwitcherBelow={phone}
          helpOpen={helpOpen}
          onToggleHelp={help.toggle}
          burger={
            <Burger
              opened={menuShown}
              onClick={wide ? desktopMenu.toggle : menu.toggle}
              aria-label={t('menu.toggle')}
              aria-expanded={menuShown}
              size="sm"
              color="white"
            />
          }
        />
      </AppShell.Header>
      {/* The admin's menu runs past a tablet's or laptop's height: the menu scrolls on its own. */}
      <AppShell.Navbar p="xs" aria-hidden={!menuShown} inert={!menuShown} style={{ overflowY: 'auto' }}>
        <MainMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ConnectionState>{children}</ConnectionState>
      </AppShell.Main>
      <HelpSidebar topic={topic} opened={helpOpen} onClose={help.close} />
      {siteId !== undefined && seesAlerts(grants) && <AlertNotifications siteId={siteId} />}
    </AppShell>
  );
}
