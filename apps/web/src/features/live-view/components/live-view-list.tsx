import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRows, type Section, type SectionKey, UNGROUPED, type VirtualRow } from '../live-view-model';
import { GAP, HEIGHTS, LiveViewRow } from './live-view-row';

const CARD_MIN_WIDTH = 300;

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

const rowHeight = (row: VirtualRow, layout: 'grid' | 'list') =>
  row.kind === 'batteries' ? HEIGHTS[layout] + GAP : HEIGHTS[row.kind];

/**
 * Groups and their batteries in one virtualised list (TanStack Virtual): only the rows in view are in
 * the DOM, so 99,999 batteries stay a few hundred nodes.
 */
export function LiveViewList(props: LiveViewListProps) {
  const { sections, layout, collapsed, ...rowProps } = props;
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize();
  const [scrollMargin, setScrollMargin] = useState(0);
  const columns = layout === 'grid' ? Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))) : 1;
  // The virtualizer measures every row again when the rows or their sizes change: on a scroll step they must stay
  // the same objects, or each step is a pass over 99,999 rows. Before the width is known there are none, rather
  // than a row per battery for one column.
  const measured = width > 0;
  const rows = useMemo(
    () => (measured ? buildRows(sections, columns, collapsed) : []),
    [measured, sections, columns, collapsed],
  );
  const estimateSize = useCallback((index: number) => rowHeight(rows[index] as VirtualRow, layout), [rows, layout]);
  const sectionName = useCallback(
    (key: SectionKey) =>
      key === UNGROUPED
        ? t('liveView.ungrouped')
        : (sections.find((section) => section.key === key)?.group?.name ?? ''),
    [sections, t],
  );
  // The page scrolls, not a box of its own: the list starts where it sits in the document.
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined) setScrollMargin(top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({ count: rows.length, scrollMargin, estimateSize, overscan: 4 });

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
            <LiveViewRow
              row={rows[item.index] as VirtualRow}
              layout={layout}
              columns={columns}
              sectionName={sectionName}
              {...rowProps}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
