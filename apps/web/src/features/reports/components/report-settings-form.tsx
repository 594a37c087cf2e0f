import { CURRENCIES } from '@cbm/contracts/admin';
import type { ReportSettingsForm as ValidSettings } from '@cbm/contracts/report-forms';
import { REPORT_LANGUAGES, type ReportLanguage } from '@cbm/contracts/reports';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { TimeZoneSelect } from '../../../components/time-range/time-zone-select';
import { fieldErrors } from '../../../lib/validation-errors';
import { useOperatingSites } from '../../sites';
import { parseSettings, type ReportSettingsValues } from '../report-settings-values';

interface ReportSettingsFormProps {
  initial: ReportSettingsValues;
  operatingSiteId: number;
  serial: string;
  csvName: string | null;
  generating: boolean;
  onGenerate: (settings: ValidSettings) => void;
  onReset: () => void;
}

/** Report settings (entity fields, validation rules): period, texts, language, site, currency, price and type. */
export function ReportSettingsForm({ initial, serial, csvName, generating, ...props }: ReportSettingsFormProps) {
  const { t } = useTranslation();
  const sites = useOperatingSites();
  const [values, setValues] = useState(initial);
  const [siteId, setSiteId] = useState(props.operatingSiteId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof ReportSettingsValues>(field: K) =>
    (value: ReportSettingsValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors(({ [field]: _, ...rest }) => rest);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSettings(values, { serial, operatingSiteId: siteId });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    props.onGenerate(parsed.data);
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {csvName ? t('reports.settings.sourceCsv', { file: csvName }) : t('reports.settings.source', { serial })}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TimeRangeInput
              value={values.time}
              onChange={set('time')}
              timeZone={values.timezone}
              error={errors.time}
              required={!csvName}
              {...(csvName ? { label: `${t('timeRange.label')} (${t('reports.settings.timeCsvHint')})` } : {})}
            />
            <TimeZoneSelect value={values.timezone} onChange={set('timezone')} error={errors.timezone} required />
            <TextInput
              label={t('reports.settings.vehicleId')}
              value={values.vehicleId}
              onChange={(event) => set('vehicleId')(event.currentTarget.value)}
              error={errors.vehicleId}
            />
            <TextInput
              label={t('reports.settings.userName')}
              value={values.userName}
              onChange={(event) => set('userName')(event.currentTarget.value)}
              error={errors.userName}
            />
            <TextInput
              label={t('reports.settings.chargerName')}
              value={values.chargerName}
              onChange={(event) => set('chargerName')(event.currentTarget.value)}
              error={errors.chargerName}
            />
            <Select
              label={t('reports.settings.language')}
              data={REPORT_LANGUAGES.map((value) => ({ value, label: t(`reports.settings.languages.${value}`) }))}
              value={values.language}
              onChange={(value) => value && set('language')(value as ReportLanguage)}
              error={errors.language}
              required
            />
            <Select
              label={t('reports.settings.operatingSite')}
              data={(sites.data ?? []).map((site) => ({ value: String(site.operatingSiteId), label: site.name }))}
              value={String(siteId)}
              onChange={(value) => value && setSiteId(Number(value))}
              error={errors.operatingSiteId}
              searchable
              required
            />
            <Select
              label={t('reports.settings.currency')}
              data={[...CURRENCIES]}
              value={values.currency}
              onChange={(value) => value && set('currency')(value)}
              error={errors.currency}
              searchable
              required
            />
            <TextInput
              label={t('reports.settings.pricePerKwh')}
              inputMode="decimal"
              value={values.pricePerKwh}
              onChange={(event) => set('pricePerKwh')(event.currentTarget.value)}
              error={errors.pricePerKwh}
              required
            />
          </SimpleGrid>
          {!csvName && (
            <SegmentedControl
              aria-label={t('reports.settings.type')}
              value={values.type}
              onChange={(value) => set('type')(value as ReportSettingsValues['type'])}
              data={(['pdf', 'csv'] as const).map((value) => ({ value, label: t(`reports.settings.types.${value}`) }))}
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={props.onReset}>
              {t('reports.settings.reset')}
            </Button>
            <Button type="submit" loading={generating}>
              {t('reports.settings.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
