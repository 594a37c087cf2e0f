import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortHeaderProps {
  children: ReactNode;
  label: string;
  sorted: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}

/** A column header that sorts the table; aria-sort tells which way. */
export function SortHeader({ children, label, sorted, onSort }: SortHeaderProps) {
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
