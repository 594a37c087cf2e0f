import { isoDateRule } from '@cbm/contracts/field-rules';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { fieldErrors } from '../../../lib/validation-errors';
import { useChangeLicences } from '../api/change-licences';

interface LicenceDialogProps {
  siteId: number;
  displayIds: readonly string[];
  /** The date the field starts with: the common end date of the devices, if they share one. */
  initialDate: string;
  opened: boolean;
  onClose: () => void;
  onStored: () => void;
}

/** Sets one licence end date for the selected devices. */
export function LicenceDialog({ siteId, displayIds, initialDate, opened, onClose, onStored }: LicenceDialogProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState(initialDate);
  const [error, setError] = useState<string>();
  const change = useChangeLicences(siteId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = isoDateRule.safeParse(date);
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues, t)['']);
    change.mutate(
      { displayIds: [...displayIds], eoLDate: parsed.data },
      {
        onSuccess: () => {
          notifications.add({
            type: 'success',
            title: t('licences.stored'),
            message: t('licences.storedMessage', { count: displayIds.length }),
          });
          onStored();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('licences.dialog.title', { count: displayIds.length })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {displayIds.join(', ')}
          </Text>
          <TextInput
            type="date"
            label={t('licences.dialog.date')}
            description={t('licences.dialog.dateHint')}
            value={date}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('licences.dialog.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('licences.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
