import { ActionIcon, Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmCountButton } from '../../features/alarms';
import { useUser } from '../../features/session';
import { THEME_LOOKS } from '../themes';
import { ClockMenu } from './clock-menu';
import { LanguageMenu } from './language-menu';
import { SiteSwitcher } from './site-switcher';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  withSiteSwitcher?: boolean;
  /** On a phone the site switcher takes a row of its own below, so that the site's name is not cut. */
  siteSwitcherBelow?: boolean;
  burger?: ReactNode;
  helpOpen: boolean;
  onToggleHelp: () => void;
}

/** The header's row of brand, site and menus; a phone's header adds the site switcher's row below. */
export const HEADER_ROW_HEIGHT = 56;
export const HEADER_SITE_ROW_HEIGHT = 44;

export function AppHeader({
  withSiteSwitcher = false,
  siteSwitcherBelow = false,
  burger,
  helpOpen,
  onToggleHelp,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const user = useUser().data;
  const look = THEME_LOOKS[user?.theme ?? 'default'];
  const seesAlarms = user?.authorizedFeatures.some((feature) => feature === 'cbm_alert' || feature === 'cbm_mdlalert');
  return (
    <Box h="100%" bg={look.headerColor} c="white" data-theme-header>
      <Group h={HEADER_ROW_HEIGHT} px="md" gap="sm" wrap="nowrap">
        <SkipLink />
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
        {withSiteSwitcher && !siteSwitcherBelow && <SiteSwitcher />}
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
          {seesAlarms && <AlarmCountButton />}
          <ClockMenu />
          <LanguageMenu />
          <UserMenu />
        </Group>
      </Group>
      {withSiteSwitcher && siteSwitcherBelow && (
        <Box px="md" pb="xs">
          <SiteSwitcher fullWidth />
        </Box>
      )}
    </Box>
  );
}
