import { ALARM_METRICS_OF, type AlarmMetric, isCareMetric, type ThresholdRule } from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import { CARE } from '@cbm/contracts/battery-care';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
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
import { acceptEmails } from '../alert-form-model';
import { useSaveThresholdRule } from '../api/threshold-rules';
import { useAlertSelectOptions } from '../hooks/use-alert-select-options';
import {
  initialRuleState,
  METRIC_FIELDS,
  type ThresholdRuleFormState,
  validateRuleForm,
} from '../threshold-rule-form-model';

const EMAIL_SPLIT = [',', ';', ' '];
type NumberKey = 'threshold' | 'min' | 'max' | 'minutes' | 'hysteresis' | 'minDurationSeconds' | 'days';

/** The threshold, silence and care rule form: what to watch, where the line is, how it must not flood, who is told. */
export function ThresholdRuleForm({
  product,
  siteId,
  rule,
  onClose,
}: {
  product: AlertProduct;
  siteId: number;
  rule?: ThresholdRule;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => initialRuleState(product, rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [emailText, setEmailText] = useState('');
  const options = useAlertSelectOptions(product, siteId);
  const save = useSaveThresholdRule(product, siteId);

  const set = <K extends keyof ThresholdRuleFormState>(field: K, value: ThresholdRuleFormState[K]) => {
    setState((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const addEmails = (entries: string[]) => {
    const { emails, refused, error } = acceptEmails(entries, t);
    set('emails', emails);
    setEmailText(refused ?? '');
    if (error) setErrors((current) => ({ ...current, emails: error }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = emailText.trim() === '' ? state : { ...state, emails: [...state.emails, emailText.trim()] };
    const { body, errors: found } = validateRuleForm(siteId, typed, t);
    if (!body) return setErrors(found);
    save.mutate(
      { id: rule?.id, body },
      {
        onSuccess: (saved) => {
          notifications.add({
            type: 'success',
            title: t('thresholdRules.toasts.saved'),
            message: t('thresholdRules.toasts.savedMessage', { name: saved.name }),
          });
          onClose();
        },
      },
    );
  };
  const numberInput = (field: NumberKey) => (
    <NumberInput
      key={field}
      label={t(`thresholdRules.fields.${field}`, { unit: t(`thresholdRules.units.${state.metric}`) })}
      value={state[field]}
      onChange={(value) => set(field, typeof value === 'number' ? value : '')}
      error={errors[field]}
      decimalScale={2}
      withAsterisk={field !== 'hysteresis' && field !== 'minDurationSeconds'}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t(rule ? 'thresholdRules.editTitle' : 'thresholdRules.addTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('thresholdRules.fields.name')}
            value={state.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            withAsterisk
            data-autofocus
          />
          <Switch
            label={t('thresholdRules.fields.active')}
            checked={state.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          <Select
            label={t('thresholdRules.fields.metric')}
            data={ALARM_METRICS_OF[product].map((metric) => ({
              value: metric,
              label: t(`thresholdRules.metrics.${metric}`),
            }))}
            value={state.metric}
            onChange={(value) => value && set('metric', value as AlarmMetric)}
            withAsterisk
          />
          {isCareMetric(state.metric) && (
            <Text size="sm">
              {t(`thresholdRules.careHints.${state.metric}`, { soc: CARE.parkingSoc, days: CARE.parkingDays })}
            </Text>
          )}
          <Group grow align="flex-start">
            {METRIC_FIELDS[state.metric].map((field) => numberInput(field as NumberKey))}
          </Group>
          <MultiSelect
            label={t(product === 'battery' ? 'thresholdRules.fields.serials' : 'thresholdRules.fields.units')}
            description={t(
              product === 'battery' ? 'thresholdRules.fields.serialsHint' : 'thresholdRules.fields.unitsHint',
            )}
            data={options.serials}
            value={state.batterySerials}
            onChange={(value) => set('batterySerials', value)}
            error={errors.batterySerials}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('thresholdRules.fields.clearSerials'), 'aria-hidden': false }}
            limit={100}
          />
          <TagsInput
            label={t('thresholdRules.fields.emails')}
            value={state.emails}
            onChange={addEmails}
            searchValue={emailText}
            onSearchChange={setEmailText}
            onBlur={() => emailText.trim() !== '' && addEmails([...state.emails, emailText.trim()])}
            acceptValueOnBlur={false}
            error={errors.emails}
            splitChars={EMAIL_SPLIT}
            withAsterisk
          />
          <Checkbox
            label={t('thresholdRules.fields.mailRecovery')}
            checked={state.mailRecovery}
            onChange={(event) => set('mailRecovery', event.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('thresholdRules.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('thresholdRules.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
