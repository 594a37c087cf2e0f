import {
  REPORT_SCHEDULE_CADENCES,
  REPORT_SCHEDULE_KINDS,
  REPORT_SCHEDULE_LANGUAGES,
  type ReportSchedule,
  type ReportScheduleLanguage,
} from '@cbm/contracts/report-schedules';
import { ActionIcon, Button, Group, Input, Modal, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { useReportBatteries } from '../api/get-report-batteries';
import { useSaveReportSchedule } from '../api/save-report-schedule';
import { initialScheduleState, type ScheduleFormState, validateScheduleForm } from '../report-schedule-form-model';
import { recipientList } from '../report-schedule-list';

interface ReportScheduleFormProps {
  siteId: number;
  /** The schedule to edit; none: a new one. */
  schedule?: ReportSchedule;
  onClose: () => void;
}

/** Add or edit a scheduled report: fleet or batteries, weekly or monthly, recipients each with a language. */
export function ReportScheduleForm({ siteId, schedule, onClose }: ReportScheduleFormProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => initialScheduleState(currentLanguage(), schedule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const batteries = useReportBatteries(siteId);
  const save = useSaveReportSchedule(siteId);
  const set = <K extends keyof ScheduleFormState>(field: K, value: ScheduleFormState[K]) => {
    setState((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setRecipient = (index: number, change: Partial<ScheduleFormState['recipients'][number]>) => {
    set(
      'recipients',
      state.recipients.map((recipient, n) => (n === index ? { ...recipient, ...change } : recipient)),
    );
    setErrors(({ [`recipients.${index}`]: _, ...rest }) => rest);
  };
  const batteryOptions = (batteries.data ?? []).map((battery) => ({
    value: battery.batterySerialNumber,
    label:
      battery.batteryName && battery.batteryName !== battery.batterySerialNumber
        ? `${battery.batterySerialNumber} · ${battery.batteryName}`
        : battery.batterySerialNumber,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = validateScheduleForm(siteId, state, t);
    if (!body) return setErrors(found);
    save.mutate(
      { id: schedule?.id, body },
      {
        onSuccess: (saved) => {
          const key = schedule ? 'updated' : 'added';
          notifications.add({
            type: 'success',
            title: t(`reports.schedules.toasts.${key}`),
            message: recipientList(saved),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(schedule ? 'reports.schedules.form.editTitle' : 'reports.schedules.form.addTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Radio.Group
            label={t('reports.schedules.form.kind')}
            value={state.kind}
            onChange={(value) => set('kind', value as ScheduleFormState['kind'])}
            withAsterisk
          >
            <Group mt={4}>
              {REPORT_SCHEDULE_KINDS.map((kind) => (
                <Radio key={kind} value={kind} label={t(`reports.schedules.kinds.${kind}`)} />
              ))}
            </Group>
          </Radio.Group>
          {state.kind === 'battery' && (
            <MultiSelect
              label={t('reports.schedules.form.batteries')}
              placeholder={t('reports.schedules.form.batteriesPlaceholder')}
              data={batteryOptions}
              value={state.batterySerials}
              onChange={(value) => set('batterySerials', value)}
              error={errors.batterySerials}
              clearButtonProps={{ 'aria-label': t('reports.schedules.form.clearBatteries'), 'aria-hidden': false }}
              searchable
              clearable
              withAsterisk
            />
          )}
          <Radio.Group
            label={t('reports.schedules.form.cadence')}
            value={state.cadence}
            onChange={(value) => set('cadence', value as ScheduleFormState['cadence'])}
            withAsterisk
          >
            <Group mt={4}>
              {REPORT_SCHEDULE_CADENCES.map((cadence) => (
                <Radio key={cadence} value={cadence} label={t(`reports.schedules.cadences.${cadence}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Input.Wrapper label={t('reports.schedules.form.recipients')} error={errors.recipients} withAsterisk>
            <Stack gap="xs" mt={4}>
              {state.recipients.map((recipient, index) => (
                // Rows have no identity of their own: an address may be typed into any of them.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} align="flex-start" wrap="nowrap">
                  <TextInput
                    aria-label={t('reports.schedules.form.email', { n: index + 1 })}
                    type="email"
                    value={recipient.email}
                    onChange={(event) => setRecipient(index, { email: event.currentTarget.value })}
                    error={errors[`recipients.${index}`]}
                    style={{ flex: 1 }}
                  />
                  <Select
                    aria-label={t('reports.schedules.form.language', { n: index + 1 })}
                    data={REPORT_SCHEDULE_LANGUAGES.map((language) => ({
                      value: language,
                      label: t(`reports.schedules.languages.${language}`),
                    }))}
                    value={recipient.language}
                    onChange={(value) => value && setRecipient(index, { language: value as ReportScheduleLanguage })}
                    allowDeselect={false}
                    w={140}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={6}
                    aria-label={t('reports.schedules.form.removeRecipient', { n: index + 1 })}
                    onClick={() =>
                      set(
                        'recipients',
                        state.recipients.filter((_, n) => n !== index),
                      )
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                w="fit-content"
                onClick={() => set('recipients', [...state.recipients, { email: '', language: currentLanguage() }])}
              >
                {t('reports.schedules.form.addRecipient')}
              </Button>
            </Stack>
          </Input.Wrapper>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('reports.schedules.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('reports.schedules.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
