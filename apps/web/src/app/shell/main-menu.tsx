import { NavLink, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useOptionalSiteId } from '../../features/sites';
import { buildMenu, type MenuItem } from '../menu';
import { SITE_ROUTES } from '../route-table';
import { useGrants } from '../use-grants';

/** The side menu: only the entries the user's features and the site's rules open. */
export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const siteId = useOptionalSiteId();
  const grants = useGrants();
  if (!grants || siteId === undefined) return null;
  return (
    <nav aria-label={t('menu.label')}>
      <Stack gap="md">
        {buildMenu(SITE_ROUTES, grants).map((section) => (
          <div key={section.area}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(section.area === 'battery' ? 'menu.batteries' : 'menu.chargerStations')}
            </Text>
            {section.items.map((item) => (
              <MenuEntry key={item.name} item={item} base={`/${siteId}/`} onNavigate={onNavigate} />
            ))}
          </div>
        ))}
      </Stack>
    </nav>
  );
}

function MenuEntry({ item, base, onNavigate }: { item: MenuItem; base: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = `${base}${item.to}`;
  const active = pathname === path || pathname.startsWith(`${path}/`);
  if (item.children.length > 0) {
    return (
      <MenuGroup label={t(item.labelKey)} active={active}>
        {item.children.map((child) => (
          <MenuEntry key={child.name} item={child} base={base} onNavigate={onNavigate} />
        ))}
      </MenuGroup>
    );
  }
  return <NavLink component={RouterLink} to={path} label={t(item.labelKey)} active={active} onClick={onNavigate} />;
}

/** An entry with children: a real button that says whether it is open (NavLink alone renders <a> without href). */
function MenuGroup({ label, active, children }: { label: string; active: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(active);
  return (
    <NavLink
      component="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={active}
      variant="subtle"
    >
      {children}
    </NavLink>
  );
}
