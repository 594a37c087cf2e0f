import { CLOCKS } from '@cbm/contracts/user';
import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateClock, useUser } from '../../features/session';
import { useClockZone } from '../../features/sites';
import { browserTimeZone, zoneLabel } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';

/** Names the zone every time on screen is shown in and lets the user choose the site's or the browser's (decision 084). */
export function ClockMenu() {
  const { t } = useTranslation();
  const zone = useClockZone();
  const chosen = useUser().data?.clock ?? 'site';
  const update = useUpdateClock();
  const label = zoneLabel(zone, currentLanguage());
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          leftSection={<IconClock size={18} aria-hidden />}
          aria-label={t('header.clock.button', { zone: label })}
          data-clock-zone={zone}
        >
          <Text span size="sm" visibleFrom="md">
            {label}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.clock.title')}</Menu.Label>
        {CLOCKS.map((clock) => (
          <Menu.Item
            key={clock}
            onClick={() => update.mutate(clock)}
            rightSection={chosen === clock ? <IconCheck size={16} aria-hidden /> : null}
          >
            {t(`header.clock.${clock}`, { zone: browserTimeZone() })}
            {chosen === clock && <VisuallyHidden> ({t('header.chosen')})</VisuallyHidden>}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
