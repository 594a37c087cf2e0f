import type { ChargingStation, ChargingStationGroup } from '@cbm/contracts/mdload-live-view';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconFolder, IconPlug } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface StationMenuProps {
  station: ChargingStation;
  groupId: number;
  groups: readonly ChargingStationGroup[];
  onAssignCharger(): void;
  onMove(group: ChargingStationGroup): void;
}

/** A charging station's actions: assign a charger, move to another group of its unit. */
export function StationMenu({ station, groupId, groups, onAssignCharger, onMove }: StationMenuProps) {
  const { t } = useTranslation();
  const targets = groups.filter((group) => group.id !== groupId);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('mdloadLiveView.station.actions', { name: station.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlug size={14} />} onClick={onAssignCharger}>
          {t('mdloadLiveView.station.assignCharger')}
        </Menu.Item>
        {targets.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('mdloadLiveView.station.moveTo')}</Menu.Label>
            {targets.map((group) => (
              <Menu.Item key={group.id} leftSection={<IconFolder size={14} />} onClick={() => onMove(group)}>
                {group.name}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
