import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconFolder, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface BatteryMenuProps {
  battery: LiveViewBattery;
  groups: readonly BatteryGroup[];
  refreshing: boolean;
  onRefresh(): void;
  onRename(): void;
  onMove(groupId: number | null): void;
  onCopySerial(): void;
}

/** A battery's actions; 'Move to group' is the keyboard alternative to dragging. */
export function BatteryMenu({
  battery,
  groups,
  refreshing,
  onRefresh,
  onRename,
  onMove,
  onCopySerial,
}: BatteryMenuProps) {
  const { t } = useTranslation();
  const targets = [...groups.map((group) => ({ id: group.id as number | null, name: group.name }))];
  targets.push({ id: null, name: t('liveView.ungrouped') });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('liveView.battery.actions', { name: battery.batteryName })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconRefresh size={14} />} onClick={onRefresh} disabled={refreshing}>
          {refreshing ? t('liveView.battery.updating') : t('liveView.battery.updateData')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
          {t('liveView.battery.rename')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={onCopySerial}>
          {t('liveView.battery.copySerial')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('liveView.battery.moveTo')}</Menu.Label>
        {targets
          .filter((target) => target.id !== battery.groupId)
          .map((target) => (
            <Menu.Item
              key={target.id ?? 'ungrouped'}
              leftSection={<IconFolder size={14} />}
              onClick={() => onMove(target.id)}
            >
              {target.name}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
