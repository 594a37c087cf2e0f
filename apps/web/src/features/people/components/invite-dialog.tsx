import { UI_LANGUAGES, type UiLanguage } from '@cbm/contracts/date-formats';
import { invitationBodySchema, type PeopleResponse, type PersonAccess } from '@cbm/contracts/people';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { fieldErrors } from '../../../lib/validation-errors';
import { useInvitePerson } from '../api/invite-person';
import { AccessFields } from './access-fields';

interface InviteDialogProps {
  operatingSiteId: number;
  grantable: PeopleResponse['grantable'];
  onClose(): void;
}

/** Invites a user by e-mail with features and sites; the mail carries a one-time link to set a password. */
export function InviteDialog({ operatingSiteId, grantable, onClose }: InviteDialogProps) {
  const { t } = useTranslation();
  const invite = useInvitePerson(operatingSiteId);
  const [person, setPerson] = useState({ email: '', firstName: '', lastName: '' });
  const [language, setLanguage] = useState<UiLanguage>(currentLanguage());
  const [access, setAccess] = useState<PersonAccess>({ features: [], sites: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof person) => ({
    label: t(`people.form.${name}`),
    value: person[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setPerson({ ...person, [name]: event.currentTarget.value }),
  });
  const send = async () => {
    const body = { ...person, ...access, language };
    const parsed = invitationBodySchema.safeParse(body);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues, t));
    if (!parsed.success) return;
    const invited = await invite.mutateAsync(body).catch(() => undefined);
    if (!invited) return;
    notifications.add({
      type: 'success',
      title: t('menu.users'),
      message: t('people.done.invited', { email: invited.email }),
    });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('people.form.inviteTitle')} size="lg">
      <Stack gap="sm">
        <TextInput type="email" required {...field('email')} data-autofocus />
        <SimpleGrid cols={3}>
          <TextInput {...field('firstName')} />
          <TextInput {...field('lastName')} />
          <Select
            label={t('people.form.language')}
            data={UI_LANGUAGES.map((value) => ({ value, label: t(`people.languages.${value}`) }))}
            value={language}
            onChange={(value) => setLanguage((value as UiLanguage | null) ?? language)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <AccessFields grantable={grantable} value={access} onChange={setAccess} />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('people.form.cancel')}
        </Button>
        <Button onClick={send} loading={invite.isPending}>
          {t('people.form.send')}
        </Button>
      </Group>
    </Modal>
  );
}
