import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../features/session/api/get-user';
import { THEME_LOOKS } from '../themes';
import { LanguageMenu } from './language-menu';
import { SiteSwitcher } from './site-switcher';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  withSiteSwitcher?: boolean;
  burger?: ReactNode;
  helpOpen: boolean;
  onToggleHelp: () => void;
}

export function AppHeader({ withSiteSwitcher = false, burger, helpOpen, onToggleHelp }: AppHeaderProps) {
  const { t } = useTranslation();
  const look = THEME_LOOKS[useUser().data?.theme ?? 'default'];
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" bg={look.headerColor} c="white" data-theme-header>
      {burger}
      <UnstyledButton component={Link} to="/" aria-label={`${look.brandName}: ${t('menu.overview')}`} c="white">
        <Group gap={8} wrap="nowrap">
          <Text fw={800} fz={22} lh={1} aria-hidden>
            {look.brandMark}
          </Text>
          <Text fw={700} fz="lg" visibleFrom="xs">
            {look.brandName}
          </Text>
        </Group>
      </UnstyledButton>
      {withSiteSwitcher && <SiteSwitcher />}
      <Group gap="xs" ml="auto" wrap="nowrap">
        <Tooltip label={t('help.title')}>
          <ActionIcon
            variant={helpOpen ? 'white' : 'subtle'}
            color={helpOpen ? 'dark' : 'gray.0'}
            size="lg"
            onClick={onToggleHelp}
            aria-label={t('help.title')}
            aria-pressed={helpOpen}
          >
            <IconHelp size={20} />
          </ActionIcon>
        </Tooltip>
        <LanguageMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}
