import type { Person } from '@cbm/contracts/people';
import {
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { SortableHeader } from '../../../components/table/sortable-header';
import { notifications } from '../../../lib/notifications/notification-store';
import { useSiteId } from '../../sites';
import { usePeople } from '../api/get-people';
import { type PersonAction, usePersonAction } from '../api/person-actions';
import { type PeopleSort, type PeopleSortKey, visiblePeople } from '../people-list';
import { EditAccessDialog } from './edit-access-dialog';
import { InviteDialog } from './invite-dialog';
import { PersonRow } from './person-row';
import { TwoFactorPolicySwitch } from './two-factor-policy-switch';

const CONFIRMED: Partial<Record<PersonAction, 'disable' | 'withdraw'>> = { disable: 'disable', withdraw: 'withdraw' };

/** The Users page of the Admin area: the organisation's users for its administrators (decision 037). */
export default function PeoplePage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const people = usePeople(siteId);
  const act = usePersonAction(siteId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<PeopleSort>({ key: 'name', direction: 'ascending' });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Person | null>(null);
  const [confirming, setConfirming] = useState<{ person: Person; action: PersonAction } | null>(null);
  const siteNames = useMemo(
    () => new Map(people.data?.grantable.sites.map((site) => [site.operatingSiteId, site.name])),
    [people.data],
  );
  const siteName = (id: number) => siteNames.get(id) ?? `#${id}`;
  const shown = people.data ? visiblePeople(people.data.people, search, sort, siteName) : [];

  const run = async (person: Person, action: PersonAction) => {
    const done = await act.mutateAsync({ person, action }).then(
      () => true,
      () => false,
    );
    setConfirming(null);
    if (done)
      notifications.add({
        type: 'success',
        title: t('menu.users'),
        message: t(`people.done.${action}`, { email: person.email }),
      });
  };
  const onAction = (person: Person, action: PersonAction) =>
    CONFIRMED[action] ? setConfirming({ person, action }) : void run(person, action);
  const header = (key: PeopleSortKey) => (
    <SortableHeader
      sorted={sort.key === key ? sort.direction : undefined}
      onSort={() =>
        setSort({ key, direction: sort.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending' })
      }
    >
      {t(`people.columns.${key}`)}
    </SortableHeader>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('menu.users')}
        </Title>
        <Button onClick={() => setInviting(true)} disabled={!people.data}>
          {t('people.invite')}
        </Button>
      </Group>
      <TwoFactorPolicySwitch siteId={siteId} />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <TextInput
            aria-label={t('people.search')}
            placeholder={t('people.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Text size="sm">{t('people.count', { count: shown.length })}</Text>
        </Group>
        {people.isPending ? (
          <Loader size="sm" />
        ) : (
          <ScrollArea type="auto">
            <Table striped aria-label={t('menu.users')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {header('name')}
                  {header('email')}
                  {header('status')}
                  <Table.Th>{t('people.columns.features')}</Table.Th>
                  <Table.Th>{t('people.columns.sites')}</Table.Th>
                  {header('lastSignIn')}
                  <Table.Th>
                    <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((person) => (
                  <PersonRow
                    key={person.userId}
                    person={person}
                    siteName={siteName}
                    onEdit={setEditing}
                    onAction={onAction}
                  />
                ))}
              </Table.Tbody>
            </Table>
            {shown.length === 0 && <Text size="sm">{t('people.none')}</Text>}
          </ScrollArea>
        )}
      </Paper>
      {inviting && people.data && (
        <InviteDialog operatingSiteId={siteId} grantable={people.data.grantable} onClose={() => setInviting(false)} />
      )}
      {editing && people.data && (
        <EditAccessDialog
          operatingSiteId={siteId}
          grantable={people.data.grantable}
          person={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t(`people.confirm.${CONFIRMED[confirming.action]}Title`, { email: confirming.person.email })}
          confirmLabel={t(`people.actions.${confirming.action}`)}
          cancelLabel={t('people.confirm.cancel')}
          color="red"
          loading={act.isPending}
          onConfirm={() => void run(confirming.person, confirming.action)}
          onClose={() => setConfirming(null)}
        >
          <Text>{t(`people.confirm.${CONFIRMED[confirming.action]}Text`)}</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
