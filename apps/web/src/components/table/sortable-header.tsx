import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortableHeaderProps {
  children: ReactNode;
  /** The sort button's accessible name, where the header text alone would not say what it does. */
  label?: string;
  /** Whether the table is sorted by this column, and which way. */
  sorted: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}

/** A column header that sorts the table; aria-sort tells which way. */
export function SortableHeader({ children, label, sorted, onSort }: SortableHeaderProps) {
  const Icon = sorted === 'ascending' ? IconChevronUp : sorted === 'descending' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={sorted ?? 'none'}>
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
