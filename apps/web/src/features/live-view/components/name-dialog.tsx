import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NameDialogProps {
  title: string;
  label: string;
  initialName: string;
  maxLength: number;
  onSave(name: string): Promise<unknown>;
  onClose(): void;
}

/** Asks for a name (new group, group or battery rename); the server's message shows on failure too. */
export function NameDialog({ title, label, initialName, maxLength, onSave, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const error =
    trimmed.length === 0
      ? t('validation.required')
      : trimmed.length > maxLength
        ? t('validation.maxLength', { n: maxLength })
        : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    setSaving(true);
    try {
      await onSave(trimmed);
      onClose();
    } catch {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <TextInput
          label={label}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
          }}
          error={touched ? error : null}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('liveView.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={error !== null}>
            {t('liveView.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
