import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type DragEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRows, type Section, type SectionKey, UNGROUPED, type VirtualRow } from '../live-view-model';
import { GroupHeader } from './group-header';

const CARD_MIN_WIDTH = 300;
const GAP = 12;
const HEIGHTS = { header: 48, empty: 48, grid: 252, list: 84 } as const;
const DRAG_TYPE = 'application/x-cbm-battery';

interface LiveViewListProps {
  sections: readonly Section[];
  layout: 'grid' | 'list';
  collapsed: ReadonlySet<SectionKey>;
  onToggle(key: SectionKey): void;
  onRenameGroup(group: BatteryGroup): void;
  onDeleteGroup(group: BatteryGroup): void;
  onMove(serial: string, key: SectionKey): void;
  renderBattery(battery: LiveViewBattery): ReactNode;
}

const rowKey = (row: VirtualRow, index: number) =>
  row.kind === 'header' ? `h-${row.section.key}` : row.kind === 'empty' ? `e-${row.key}` : `b-${row.key}-${index}`;

const rowHeight = (row: VirtualRow, layout: 'grid' | 'list') =>
  row.kind === 'batteries' ? HEIGHTS[layout] + GAP : HEIGHTS[row.kind];

/**
 * Groups and their batteries in one virtualised list (TanStack Virtual): only the rows in view are in
 * the DOM, so 99,999 batteries stay a few hundred nodes. Batteries drag onto any row of another group.
 */
export function LiveViewList(props: LiveViewListProps) {
  const { sections, layout, collapsed, onToggle, onRenameGroup, onDeleteGroup, onMove, renderBattery } = props;
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize();
  const [scrollMargin, setScrollMargin] = useState(0);
  const columns = layout === 'grid' ? Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))) : 1;
  const rows = buildRows(sections, columns, collapsed);
  // The page scrolls, not a box of its own: the list starts where it sits in the document.
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined) setScrollMargin(top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    scrollMargin,
    estimateSize: (index) => rowHeight(rows[index] as VirtualRow, layout),
    overscan: 4,
    getItemKey: (index) => rowKey(rows[index] as VirtualRow, index),
  });

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
  const sectionName = (key: SectionKey) =>
    key === UNGROUPED ? t('liveView.ungrouped') : (sections.find((section) => section.key === key)?.group?.name ?? '');

  const renderRow = (row: VirtualRow) => {
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
  };

  return (
    <Box ref={sizeRef}>
      <Box ref={listRef} pos="relative" h={virtualizer.getTotalSize()}>
        {virtualizer.getVirtualItems().map((item) => (
          <Box
            key={item.key}
            pos="absolute"
            top={0}
            left={0}
            w="100%"
            h={item.size}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderRow(rows[item.index] as VirtualRow)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
