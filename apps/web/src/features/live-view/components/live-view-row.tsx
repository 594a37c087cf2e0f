import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Box, Text } from '@mantine/core';
import { type DragEvent, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionKey, VirtualRow } from '../live-view-model';
import { GroupHeader } from './group-header';

export const GAP = 12;
export const HEIGHTS = { header: 48, empty: 48, grid: 252, list: 84 } as const;
const DRAG_TYPE = 'application/x-cbm-battery';

export interface LiveViewRowProps {
  row: VirtualRow;
  layout: 'grid' | 'list';
  columns: number;
  /** The group's name for a row of its batteries (the accessible name of the row). */
  sectionName(key: SectionKey): string;
  onToggle(key: SectionKey): void;
  onRenameGroup(group: BatteryGroup): void;
  onDeleteGroup(group: BatteryGroup): void;
  onMove(serial: string, key: SectionKey): void;
  renderBattery(battery: LiveViewBattery): ReactNode;
}

/**
 * One row of the virtual list: a group's header, its empty note, or a row of its batteries. Memoised: a scroll step
 * renders the rows it brings into view, not the ones still in view. Batteries drag onto any row of another group.
 */
export const LiveViewRow = memo(function LiveViewRow(props: LiveViewRowProps) {
  const { row, layout, columns, sectionName, onToggle, onRenameGroup, onDeleteGroup, onMove, renderBattery } = props;
  const { t } = useTranslation();
  const dropProps = (key: SectionKey) => ({
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const serial = event.dataTransfer.getData(DRAG_TYPE);
      if (!serial) return;
      event.preventDefault();
      onMove(serial, key);
    },
  });

  if (row.kind === 'header') {
    const { section } = row;
    return (
      <Box {...dropProps(section.key)}>
        <GroupHeader
          section={section}
          collapsed={row.collapsed}
          onToggle={() => onToggle(section.key)}
          onRename={() => section.group && onRenameGroup(section.group)}
          onDelete={() => section.group && onDeleteGroup(section.group)}
        />
      </Box>
    );
  }
  if (row.kind === 'empty') {
    return (
      <Text c="dimmed" size="sm" role="group" aria-label={sectionName(row.key)} {...dropProps(row.key)}>
        {t('liveView.emptyGroup')}
      </Text>
    );
  }
  return (
    <Box
      role="group"
      aria-label={sectionName(row.key)}
      display="grid"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GAP, height: HEIGHTS[layout] }}
      {...dropProps(row.key)}
    >
      {row.batteries.map((battery) => (
        <Box
          key={battery.batterySerialNumber}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, battery.batterySerialNumber);
            event.dataTransfer.effectAllowed = 'move';
          }}
          style={{ cursor: 'grab', minWidth: 0 }}
        >
          {renderBattery(battery)}
        </Box>
      ))}
    </Box>
  );
});
