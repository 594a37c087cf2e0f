import { reportSelectFormSchema } from '@cbm/contracts/report-forms';
import { Autocomplete, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/validation-errors';
import { useReportBatteries } from '../api/get-report-batteries';
import { matchingBatteries, serialOf } from '../report-battery-options';

interface ReportSelectFormProps {
  operatingSiteId: number;
  loading: boolean;
  onSelect: (selection: { serial: string; csv: File | null }) => void;
  /** The serial the field starts with (a battery's page links here with `?serial=`). */
  initialSerial?: string;
}

/** Report select form (entity fields, validation rules): a battery serial of the site or an uploaded datalog CSV. */
export function ReportSelectForm({ operatingSiteId, loading, onSelect, initialSerial = '' }: ReportSelectFormProps) {
  const { t } = useTranslation();
  const batteries = useReportBatteries(operatingSiteId);
  const [serial, setSerial] = useState(initialSerial);
  const [csv, setCsv] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const all = batteries.data ?? [];
  const options = matchingBatteries(all, serial).map((battery) => ({
    value: battery.batterySerialNumber,
    label: `${battery.batterySerialNumber} · ${battery.batteryName}`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportSelectFormSchema.safeParse({ serial: serialOf(all, serial), csv });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues, t).serial);
    onSelect({ serial: csv ? '' : parsed.data.serial, csv });
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('reports.select.title')}
          </Title>
          <Autocomplete
            label={t('reports.select.serial')}
            placeholder={t('reports.select.serialPlaceholder')}
            data={options.map((option) => option.value)}
            filter={({ options: matched }) => matched}
            renderOption={({ option }) => options.find((item) => item.value === option.value)?.label ?? option.value}
            limit={50}
            value={serial}
            onChange={(value) => {
              setSerial(value);
              setError(undefined);
            }}
            error={error}
            disabled={csv !== null}
          />
          <Text size="sm" c="dimmed" ta="center">
            {t('reports.select.or')}
          </Text>
          <FileInput
            label={t('reports.select.csv')}
            placeholder={t('reports.select.csvPlaceholder')}
            description={t('reports.select.csvHint')}
            accept=".csv,text/csv"
            clearable
            value={csv}
            onChange={(file) => {
              setCsv(file);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={loading}>
              {t('reports.select.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
