import type { Person } from '@cbm/contracts/people';
import { ActionIcon, Badge, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';
import type { PersonAction } from '../api/person-actions';
import { personName } from '../people-list';

const STATUS_COLORS = { invited: 'blue', active: 'green', disabled: 'gray' } as const;

const ACTIONS_BY_STATUS: Record<Person['status'], PersonAction[]> = {
  invited: ['resend', 'withdraw'],
  active: ['resetPassword', 'disable'],
  disabled: ['enable'],
};

interface PersonRowProps {
  person: Person;
  siteName(siteId: number): string;
  onEdit(person: Person): void;
  onAction(person: Person, action: PersonAction): void;
}

/** One user: name, e-mail, status, features, sites with their rules, last sign-in, and what may be done. */
export function PersonRow({ person, siteName, onEdit, onAction }: PersonRowProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  return (
    <Table.Tr data-testid={`person-${person.email}`}>
      <Table.Td>{personName(person) || '–'}</Table.Td>
      <Table.Td>{person.email}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[person.status]} variant="light">
          {t(`people.statuses.${person.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{person.features.map((feature) => t(`people.featureNames.${feature}`)).join(', ') || '–'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{person.sites.map((site) => siteName(site.operatingSiteId)).join(', ') || '–'}</Text>
      </Table.Td>
      {/* An English date would break at its hyphens ("11-27-" / "2026"). */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {person.lastSignInAt ? formatDateTime(person.lastSignInAt, language, zone) : t('people.never')}
      </Table.Td>
      <Table.Td>
        {person.manageable ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('people.actions.label', { email: person.email })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onEdit(person)}>{t('people.actions.edit')}</Menu.Item>
              {ACTIONS_BY_STATUS[person.status].map((action) => (
                <Menu.Item
                  key={action}
                  color={action === 'disable' || action === 'withdraw' ? 'red' : undefined}
                  onClick={() => onAction(person, action)}
                >
                  {t(`people.actions.${action}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Tooltip label={t('people.notManageable')}>
            <Text size="xs" c="dimmed" tabIndex={0}>
              {t('people.notManageable')}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
