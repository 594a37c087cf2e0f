import type { PeopleResponse, Person, PersonAccess } from '@cbm/contracts/people';
import { Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useUpdateAccess } from '../api/update-access';
import { AccessFields } from './access-fields';

interface EditAccessDialogProps {
  operatingSiteId: number;
  grantable: PeopleResponse['grantable'];
  person: Person;
  onClose(): void;
}

/** Changes a user's features and per-site rules; takes effect with the user's next request. */
export function EditAccessDialog({ operatingSiteId, grantable, person, onClose }: EditAccessDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateAccess(operatingSiteId);
  const [access, setAccess] = useState<PersonAccess>({ features: person.features, sites: person.sites });
  const save = async () => {
    const saved = await update.mutateAsync({ userId: person.userId, access }).catch(() => undefined);
    if (!saved) return;
    notifications.add({
      type: 'success',
      title: t('menu.users'),
      message: t('people.done.saved', { email: person.email }),
    });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('people.form.editTitle', { email: person.email })} size="lg">
      <AccessFields grantable={grantable} value={access} onChange={setAccess} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('people.form.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending}>
          {t('people.form.save')}
        </Button>
      </Group>
    </Modal>
  );
}
