import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import classes from './pinned.module.css';

interface SortableHeaderProps {
  children: ReactNode;
  /** The sort button's accessible name, where the header text alone would not say what it does. */
  label?: string;
  /** Whether the table is sorted by this column, and which way. */
  sorted: 'ascending' | 'descending' | undefined;
  onSort: () => void;
  /** Keeps the column in view at this left offset (px) while the table scrolls sideways. */
  pinnedAt?: number;
}

/** A column header that sorts the table; aria-sort tells which way. */
export function SortableHeader({ children, label, sorted, onSort, pinnedAt }: SortableHeaderProps) {
  const Icon = sorted === 'ascending' ? IconChevronUp : sorted === 'descending' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={sorted ?? 'none'} {...pinnedProps(pinnedAt)}>
      <UnstyledButton onClick={onSort} aria-label={label}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {children}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The class and offset that pin a header or data cell (undefined: not pinned). */
export function pinnedProps(left: number | undefined): { className?: string; style?: CSSProperties } {
  if (left === undefined) return {};
  return { className: classes.pinned, style: { '--pin-left': `${left}px` } as CSSProperties };
}
