import { ActionIcon, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Section } from '../live-view-model';

interface GroupHeaderProps {
  section: Section;
  collapsed: boolean;
  onToggle(): void;
  onRename(): void;
  onDelete(): void;
}

/** A group's title with its battery count: collapses it, renames or deletes it (not Ungrouped). */
export function GroupHeader({ section, collapsed, onToggle, onRename, onDelete }: GroupHeaderProps) {
  const { t } = useTranslation();
  const name = section.group?.name ?? t('liveView.ungrouped');
  return (
    <Group justify="space-between" py={6} wrap="nowrap">
      <UnstyledButton onClick={onToggle} aria-expanded={!collapsed}>
        <Group gap="xs" wrap="nowrap">
          {collapsed ? <IconChevronRight size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
          <Text fw={700} component="h2" m={0} size="lg">
            {name}
          </Text>
          <Text c="dimmed" size="sm">
            {t('liveView.count', { count: section.batteries.length })}
          </Text>
        </Group>
      </UnstyledButton>
      {section.group && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('liveView.group.actions', { name })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
              {t('liveView.group.rename')}
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete}>
              {t('liveView.group.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
