import { AppShell, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { HelpSidebar } from '../../features/help/help-sidebar';
import { AppHeader } from '../shell/app-header';
import { MainMenu } from '../shell/main-menu';
import { useRouteHandle } from '../use-route-handle';

/** Pages inside an operating site: header with site switcher, menu, help sidebar. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const [menuOpen, menu] = useDisclosure(false);
  const [helpOpen, help] = useDisclosure(false);
  const topic = useRouteHandle('help');
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
    </AppShell>
  );
}
