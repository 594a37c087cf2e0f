import { dataExportQuerySchema, EXPORT_ALL_BATTERIES, EXPORT_RESOLUTIONS } from '@cbm/contracts/data-export';
import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quickRange, type TimeRange } from '../../../components/time-range/quick-range';
import { TimeRangeInput } from '../../../components/time-range/time-range-input';
import { TimeZoneSelect } from '../../../components/time-range/time-zone-select';
import { fieldErrors } from '../../../lib/validation-errors';
import { useSiteId, useTimeZoneChoice } from '../../sites';
import { useStatisticsBatteries } from '../../statistics';
import { downloadExport } from '../api/download-export';

/**
 * Data export (screens and routes stats/export): a CSV per battery and day, week or month; every field required
 * (validation rules).
 */
export default function DataExportPage() {
  const { t } = useTranslation();
  const operatingSiteId = useSiteId();
  const batteries = useStatisticsBatteries(operatingSiteId).data ?? [];
  const [serials, setSerials] = useState<string[]>([]);
  const [resolution, setResolution] = useState<string | null>(null);
  const [range, setRange] = useState<TimeRange | null>(null);
  const [timeZone, chooseTimeZone] = useTimeZoneChoice(operatingSiteId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const setTimeZone = (zone: string) => {
    chooseTimeZone(zone);
    if (range?.quickRange) setRange(quickRange(range.quickRange, zone));
  };

  const values = [
    { value: EXPORT_ALL_BATTERIES, label: t('dataExport.allBatteries') },
    ...batteries.map((b) => ({ value: b.serialNumber, label: b.batteryName || b.serialNumber })),
  ];

  const submit = async () => {
    const result = dataExportQuerySchema.safeParse({
      operatingSiteId,
      serials,
      resolution: resolution ?? '',
      from: range?.from.toISOString() ?? '',
      to: range?.to.toISOString() ?? '',
      timeZone,
    });
    if (!result.success) {
      setErrors(fieldErrors(result.error.issues, t));
      return;
    }
    setErrors({});
    setBusy(true);
    // A failure was shown by the api client's error toasts already.
    await downloadExport(result.data).catch(() => undefined);
    setBusy(false);
  };
  const rangeError = !range ? t('validation.timeRequired') : (errors.from ?? errors.to);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('dataExport.title')}
      </Title>
      <Text c="dimmed">{t('dataExport.intro')}</Text>
      <Paper withBorder p="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('dataExport.values')}
              placeholder={serials.length === 0 ? t('dataExport.valuesPlaceholder') : undefined}
              data={values}
              value={serials}
              onChange={(next) => setSerials(next.includes(EXPORT_ALL_BATTERIES) ? [EXPORT_ALL_BATTERIES] : next)}
              error={errors.serials}
              searchable
              required
            />
            <Select
              label={t('dataExport.resolution')}
              placeholder={t('dataExport.resolutionPlaceholder')}
              data={EXPORT_RESOLUTIONS.map((value) => ({ value, label: t(`dataExport.resolutions.${value}`) }))}
              value={resolution}
              onChange={setResolution}
              error={errors.resolution}
              required
            />
            <TimeRangeInput
              label={t('dataExport.time')}
              value={range}
              onChange={setRange}
              timeZone={timeZone}
              error={Object.keys(errors).length > 0 ? rangeError : undefined}
              required
            />
            <TimeZoneSelect value={timeZone} onChange={setTimeZone} error={errors.timeZone} required />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={busy}>
              {t('dataExport.download')}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
