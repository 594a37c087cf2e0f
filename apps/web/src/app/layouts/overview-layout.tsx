import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { HelpSidebar } from '../../features/help';
import { AppHeader, HEADER_ROW_HEIGHT } from '../shell/app-header';
import { ConnectionState } from '../shell/connection-banner';
import { MAIN_CONTENT_ID } from '../shell/skip-link';
import { useRouteHandle } from '../use-route-handle';
import { SIDE_PANEL_BREAKPOINT } from './side-panels';

/** Overview and about: header without site navigation, the page full width. */
export function OverviewLayout({ children }: { children: ReactNode }) {
  const [helpOpen, help] = useDisclosure(false);
  const topic = useRouteHandle('help');
  return (
    <AppShell
      header={{ height: HEADER_ROW_HEIGHT }}
      aside={{ width: 320, breakpoint: SIDE_PANEL_BREAKPOINT, collapsed: { mobile: !helpOpen, desktop: !helpOpen } }}
    >
      <AppShell.Header>
        <AppHeader onToggleHelp={help.toggle} helpOpen={helpOpen} />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ConnectionState>{children}</ConnectionState>
      </AppShell.Main>
      <HelpSidebar topic={topic} opened={helpOpen} onClose={help.close} />
    </AppShell>
  );
}
