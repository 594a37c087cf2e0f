import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortableHeaderProps {
  children: ReactNode;
  /** Whether the table is sorted by this column, and which way. */
  sorted: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}

export function SortableHeader({ children, sorted, onSort }: SortableHeaderProps) {
  const Icon = sorted === 'ascending' ? IconChevronUp : sorted === 'descending' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={sorted ?? 'none'}>
      <UnstyledButton onClick={onSort}>
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
