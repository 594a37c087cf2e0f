import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { HelpSidebar } from '../../features/help/help-sidebar';
import { AppHeader } from '../shell/app-header';
import { useRouteHandle } from '../use-route-handle';
import { SIDE_PANEL_BREAKPOINT } from './side-panels';

/** Overview and about: header without site navigation, the page full width. */
export function OverviewLayout({ children }: { children: ReactNode }) {
  const [helpOpen, help] = useDisclosure(false);
  const topic = useRouteHandle('help');
  return (
    <AppShell
      header={{ height: 56 }}
      aside={{ width: 320, breakpoint: SIDE_PANEL_BREAKPOINT, collapsed: { mobile: !helpOpen, desktop: !helpOpen } }}
    >
      <AppShell.Header>
        <AppHeader onToggleHelp={help.toggle} helpOpen={helpOpen} />
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
      <HelpSidebar topic={topic} opened={helpOpen} onClose={help.close} />
    </AppShell>
  );
}
