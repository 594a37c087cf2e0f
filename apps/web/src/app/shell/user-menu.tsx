import { THEMES } from '@cbm/contracts/themes';
import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut, useUpdateTheme, useUser } from '../../features/session';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser().data;
  const updateTheme = useUpdateTheme();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('');
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={`${t('header.userMenu')}: ${initials}`}>
          <Avatar color="white" variant="outline" radius="xl" size={34}>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Divider />
        <Menu.Label>{t('header.theme')}</Menu.Label>
        {THEMES.map((theme) => (
          <Menu.Item
            key={theme}
            onClick={() => updateTheme.mutate(theme)}
            rightSection={user?.theme === theme ? <IconCheck size={16} aria-hidden /> : null}
          >
            {t(`header.themes.${theme}`)}
            {user?.theme === theme && <VisuallyHidden> ({t('header.chosen')})</VisuallyHidden>}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          {t('menu.account')}
        </Menu.Item>
        <Menu.Item component={Link} to="/about" leftSection={<IconInfoCircle size={16} />}>
          {t('menu.about')}
        </Menu.Item>
        <Menu.Item onClick={() => void signOut()} leftSection={<IconLogout size={16} />}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
