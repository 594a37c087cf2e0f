import { AppShell, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AlertNotifications } from '../../features/alerts/components/alert-notifications';
import { HelpSidebar } from '../../features/help/help-sidebar';
import { useOptionalSiteId } from '../../features/sites/use-site-id';
import { type Grants, isAllowed } from '../access';
import type { Access } from '../route-types';
import { AppHeader } from '../shell/app-header';
import { MainMenu } from '../shell/main-menu';
import { useGrants } from '../use-grants';
import { useRouteHandle } from '../use-route-handle';

/** Users who may see battery or charger-station alerts get their desktop notifications. */
const ALERT_ACCESS: Access = { features: ['cbm_alert', 'cbm_mdlalert'] };
const seesAlerts = (grants: Grants | undefined) => grants !== undefined && isAllowed(ALERT_ACCESS, grants);

/** Pages inside an operating site: header with site switcher, menu, help sidebar, alert notifications. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const [menuOpen, menu] = useDisclosure(false);
  const [helpOpen, help] = useDisclosure(false);
  const topic = useRouteHandle('help');
  const siteId = useOptionalSiteId();
  const grants = useGrants();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      aside={{ width: 320, breakpoint: 'sm', collapsed: { mobile: !helpOpen, desktop: !helpOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          withSiteSwitcher
          helpOpen={helpOpen}
          onToggleHelp={help.toggle}
          burger={<Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="sm" size="sm" color="white" />}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <MainMenu onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
      <HelpSidebar topic={topic} opened={helpOpen} onClose={help.close} />
      {siteId !== undefined && seesAlerts(grants) && <AlertNotifications siteId={siteId} />}
    </AppShell>
  );
}
