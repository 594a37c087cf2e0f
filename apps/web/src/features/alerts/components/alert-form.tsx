import type { Alert, AlertProduct } from '@cbm/contracts/alerts';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import {
  type AlertFormState,
  acceptEmails,
  initialFormState,
  type SelectionWay,
  validateAlertForm,
} from '../alert-form-model';
import { useSaveAlert } from '../api/save-alert';
import { useAlertSelectOptions } from '../hooks/use-alert-select-options';

interface AlertFormProps {
  product: AlertProduct;
  siteId: number;
  siteName: string;
  /** The alert to edit; none: a new one. */
  alert?: Alert;
  /** What a new one starts with. */
  preset?: Partial<AlertFormState>;
  onClose: () => void;
}

const KINDS = ['alertOnError', 'alertOnWarning', 'alertOnLimit'] as const;
const KIND_LABEL = { alertOnError: 'error', alertOnWarning: 'warning', alertOnLimit: 'limit' } as const;
const EMAIL_SPLIT = [',', ';', ' '];
const EMAIL_SEPARATORS = ['Enter', ...EMAIL_SPLIT];
/** Mantine hides a select's clear button from assistive technology; these are named and reachable. */
const clearButton = (label: string) => ({ 'aria-label': label, 'aria-hidden': false });

/**
 * The alert form's validation rules: every rule checked with the server's schema, serials or groups and types as a
 * choice.
 */
export function AlertForm({ product, siteId, siteName, alert, preset, onClose }: AlertFormProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => initialFormState(siteId, alert, preset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [emailText, setEmailText] = useState('');
  const options = useAlertSelectOptions(product, siteId);
  const save = useSaveAlert(product, siteId);
  const battery = product === 'battery';
  const bySerials = state.way === 'serials';

  const set = <K extends keyof AlertFormState>(field: K, value: AlertFormState[K]) => {
    setState((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setSelection = <K extends 'way' | 'allGroups' | 'groupId' | 'batteryTypes' | 'batterySerials'>(
    field: K,
    value: AlertFormState[K],
  ) => {
    set(field, value);
    setErrors(({ groupId: _g, batteryTypes: _t, batterySerials: _s, ...rest }) => rest);
  };
  /** Adds the typed addresses that are valid; a refused one stays in the input with its message on the field. */
  const addEmails = (entries: string[]) => {
    const { emails, refused, error } = acceptEmails(entries, t);
    set('emails', emails);
    setEmailText(refused ?? '');
    if (error) setErrors((current) => ({ ...current, emails: error }));
  };
  const submitEmailText = () => {
    if (emailText.trim() !== '') addEmails([...state.emails, emailText.trim()]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = emailText.trim() === '' ? state : { ...state, emails: [...state.emails, emailText.trim()] };
    const { body, errors: found } = validateAlertForm(product, typed, t);
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
          <SegmentedControl
            aria-label={t(battery ? 'alerts.form.way' : 'alerts.form.mdloadWay')}
            value={state.way}
            onChange={(value) => setSelection('way', value as SelectionWay)}
            data={[
              { value: 'groupsAndTypes', label: t(battery ? 'alerts.form.byGroupsAndTypes' : 'alerts.form.byModels') },
              { value: 'serials', label: t(battery ? 'alerts.form.bySerials' : 'alerts.form.byUnits') },
            ]}
          />
          {!bySerials && battery && (
            <Radio.Group
              label={t('alerts.form.groups')}
              value={state.allGroups ? 'all' : 'chosen'}
              onChange={(value) => setSelection('allGroups', value === 'all')}
              withAsterisk
            >
              <Stack gap={4} mt={4}>
                <Radio value="all" label={t('alerts.form.allGroups')} description={t('alerts.form.allGroupsHint')} />
                <Radio value="chosen" label={t('alerts.form.chosenGroups')} />
              </Stack>
            </Radio.Group>
          )}
          {!bySerials && battery && !state.allGroups && (
            <MultiSelect
              aria-label={t('alerts.form.chosenGroups')}
              data={options.groups}
              value={state.groupId}
              onChange={(value) => setSelection('groupId', value)}
              error={errors.groupId}
              clearButtonProps={clearButton(t('alerts.form.clearGroups'))}
              searchable
              clearable
            />
          )}
          {!bySerials && (
            <MultiSelect
              label={t(battery ? 'alerts.form.batteryTypes' : 'alerts.form.mdloadTypes')}
              data={options.types}
              value={state.batteryTypes}
              onChange={(value) => setSelection('batteryTypes', value)}
              error={errors.batteryTypes ?? (state.allGroups ? errors.groupId : undefined)}
              clearButtonProps={clearButton(t('alerts.form.clearTypes'))}
              withAsterisk
              searchable
              clearable
            />
          )}
          {bySerials && (
            <MultiSelect
              label={t(battery ? 'alerts.form.serials' : 'alerts.form.mdloadSerials')}
              data={options.serials}
              value={state.batterySerials}
              onChange={(value) => setSelection('batterySerials', value)}
              error={errors.batterySerials}
              clearButtonProps={clearButton(t('alerts.form.clearSerials'))}
              withAsterisk
              searchable
              clearable
              limit={100}
            />
          )}
          <TagsInput
            label={t('alerts.form.emails')}
            description={t('alerts.form.emailsHint')}
            value={state.emails}
            onChange={addEmails}
            searchValue={emailText}
            onSearchChange={setEmailText}
            onKeyDown={(event) => {
              if (!EMAIL_SEPARATORS.includes(event.key)) return;
              event.preventDefault();
              submitEmailText();
            }}
            onBlur={submitEmailText}
            acceptValueOnBlur={false}
            error={errors.emails}
            splitChars={EMAIL_SPLIT}
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
