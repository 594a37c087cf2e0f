import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { type AlertFormState, initialFormState, lockedSide, validateAlertForm } from '../alert-form-model';
import { useSaveAlert } from '../api/save-alert';
import { useAlertSelectOptions } from '../hooks/use-alert-select-options';

interface AlertFormProps {
  product: AlertProduct;
  siteId: number;
  siteName: string;
  /** The alert to edit; none: a new one. */
  alert?: Alert;
  onClose: () => void;
}

const KINDS = ['alertOnError', 'alertOnWarning', 'alertOnLimit'] as const;
const KIND_LABEL = { alertOnError: 'error', alertOnWarning: 'warning', alertOnLimit: 'limit' } as const;
/** Mantine hides a select's clear button from assistive technology; these are named and reachable. */
const clearButton = (label: string) => ({ 'aria-label': label, 'aria-hidden': false });

/** The alert form of spec §5: every rule checked with the server's schema, serials exclusive of groups and types. */
export function AlertForm({ product, siteId, siteName, alert, onClose }: AlertFormProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => initialFormState(siteId, alert));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = useAlertSelectOptions(product, siteId);
  const save = useSaveAlert(product, siteId);
  const locked = lockedSide(state);
  const battery = product === 'battery';

  const set = <K extends keyof AlertFormState>(field: K, value: AlertFormState[K]) => {
    setState((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setSelection = (field: 'groupId' | 'batteryTypes' | 'batterySerials', value: string[]) => {
    set(field, value);
    setErrors(({ groupId: _g, batteryTypes: _t, batterySerials: _s, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = validateAlertForm(product, state, t);
    if (!body) return setErrors(found);
    save.mutate(
      { id: alert?.id, body },
      {
        onSuccess: (saved) => {
          const key = alert ? 'updated' : 'added';
          notifications.add({
            type: 'success',
            title: t(`alerts.toasts.${key}`),
            message: t(`alerts.toasts.${key}Message`, { name: saved.name }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t(alert ? 'alerts.form.editTitle' : 'alerts.form.addTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('alerts.form.organization')}
            data={[{ value: String(siteId), label: siteName }]}
            value={state.operatingSiteId}
            onChange={(value) => set('operatingSiteId', value)}
            error={errors.operatingSiteId}
            clearable
            clearButtonProps={clearButton(t('alerts.form.clearOrganization'))}
            withAsterisk
          />
          <TextInput
            label={t('alerts.form.name')}
            value={state.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            withAsterisk
            data-autofocus
          />
          <Switch
            label={t('alerts.form.active')}
            checked={state.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          <Checkbox.Group
            label={t('alerts.form.kinds')}
            value={KINDS.filter((kind) => state[kind])}
            onChange={(chosen) => {
              setState((current) => ({ ...current, ...Object.fromEntries(KINDS.map((k) => [k, chosen.includes(k)])) }));
              setErrors(({ alertOnError: _, ...rest }) => rest);
            }}
            error={errors.alertOnError}
            withAsterisk
          >
            <Group mt={4}>
              {KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={t(`alerts.kinds.${KIND_LABEL[kind]}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm" c="dimmed">
            {t(battery ? 'alerts.form.selectionHint' : 'alerts.form.mdloadSelectionHint')}
          </Text>
          {battery && (
            <MultiSelect
              label={t('alerts.form.groups')}
              data={options.groups}
              value={state.groupId}
              onChange={(value) => setSelection('groupId', value)}
              error={errors.groupId}
              clearButtonProps={clearButton(t('alerts.form.clearGroups'))}
              disabled={locked === 'groupsAndTypes'}
              description={locked === 'groupsAndTypes' ? t('alerts.form.groupsLocked') : undefined}
              searchable
              clearable
            />
          )}
          <MultiSelect
            label={t(battery ? 'alerts.form.batteryTypes' : 'alerts.form.mdloadTypes')}
            data={options.types}
            value={state.batteryTypes}
            onChange={(value) => setSelection('batteryTypes', value)}
            error={errors.batteryTypes}
            clearButtonProps={clearButton(t('alerts.form.clearTypes'))}
            disabled={locked === 'groupsAndTypes'}
            description={locked === 'groupsAndTypes' ? t('alerts.form.groupsLocked') : undefined}
            searchable
            clearable
          />
          <MultiSelect
            label={t(battery ? 'alerts.form.serials' : 'alerts.form.mdloadSerials')}
            data={options.serials}
            value={state.batterySerials}
            onChange={(value) => setSelection('batterySerials', value)}
            error={errors.batterySerials}
            clearButtonProps={clearButton(t('alerts.form.clearSerials'))}
            disabled={locked === 'serials'}
            description={locked === 'serials' ? t('alerts.form.serialsLocked') : undefined}
            searchable
            clearable
            limit={100}
          />
          <TagsInput
            label={t('alerts.form.emails')}
            description={t('alerts.form.emailsHint')}
            value={state.emails}
            onChange={(value) => set('emails', value)}
            error={errors.emails}
            splitChars={[',', ';', ' ']}
            withAsterisk
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('alerts.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('alerts.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
