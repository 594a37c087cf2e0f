import { toReportQuery, type ReportSettingsForm as ValidSettings } from '@cbm/contracts/report-forms';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';
import { useUser } from '../../session';
import { useSiteId } from '../../sites';
import { generateReportFromCsv, generateSerialReport } from '../api/generate-report';
import { useReportBatteries } from '../api/get-report-batteries';
import { fetchReportDefaults } from '../api/get-report-defaults';
import { initialValues } from '../report-settings-values';
import { IDLE_SETUP, reportSetupReducer } from '../report-setup';
import { FleetReportSection } from './fleet-report-section';
import { ReportSchedulesSection } from './report-schedules-section';
import { ReportSelectForm } from './report-select-form';
import { ReportSettingsForm } from './report-settings-form';

/**
 * Reporting (screens and routes, state rules): choose a battery or a datalog, adjust the settings, download PDF or CSV.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const user = useUser();
  const batteries = useReportBatteries(siteId);
  const [searchParams] = useSearchParams();
  const [setup, dispatch] = useReducer(reportSetupReducer, IDLE_SETUP);
  const [generating, setGenerating] = useState(false);
  // Shown on request: a PDF viewer in the page costs memory, and headless browsers download it instead.
  const [preview, setPreview] = useState(false);
  const selection = useRef(0);

  const fileUrl = setup.file?.url;
  useEffect(() => (fileUrl ? () => URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const select = async ({ serial, csv }: { serial: string; csv: File | null }) => {
    const id = ++selection.current;
    dispatch({ type: 'select', serial, csv });
    try {
      const defaults = await fetchReportDefaults(siteId, serial);
      if (id === selection.current) dispatch({ type: 'loaded', defaults });
    } catch {
      if (id === selection.current) dispatch({ type: 'failed' });
    }
  };
  const reset = () => {
    selection.current++;
    dispatch({ type: 'reset' });
  };
  const generate = async (settings: ValidSettings) => {
    setGenerating(true);
    try {
      const query = toReportQuery(settings);
      const file = setup.csv
        ? await generateReportFromCsv(setup.csv, query)
        : await generateSerialReport(setup.serial, settings.type, query);
      saveFile(file);
      setPreview(false);
      dispatch({ type: 'generated', file });
    } catch {
      // The error toasts are already shown.
    } finally {
      setGenerating(false);
    }
  };

  const batteryName = batteries.data?.find((battery) => battery.batterySerialNumber === setup.serial)?.batteryName;
  const userName = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('reports.title')}
        </Title>
        <Text c="dimmed">{t('reports.intro')}</Text>
      </div>
      {setup.status !== 'ready' || !setup.defaults ? (
        <ReportSelectForm
          operatingSiteId={siteId}
          loading={setup.status === 'loading'}
          onSelect={select}
          initialSerial={searchParams.get('serial') ?? ''}
        />
      ) : (
        <ReportSettingsForm
          key={`${setup.serial}|${setup.csv?.name ?? ''}`}
          initial={initialValues({
            defaults: setup.defaults,
            serial: setup.serial,
            batteryName: batteryName ?? '',
            userName,
            uiLanguage: currentLanguage(),
          })}
          operatingSiteId={siteId}
          serial={setup.serial}
          csvName={setup.csv?.name ?? null}
          generating={generating}
          onGenerate={generate}
          onReset={reset}
        />
      )}
      {setup.file && (
        <Stack gap="sm">
          <Alert color="teal">
            <Group justify="space-between">
              <Text size="sm">{t('reports.result.ready', { fileName: setup.file.fileName })}</Text>
              <Button size="xs" variant="light" onClick={() => setup.file && saveFile(setup.file)}>
                {t('reports.result.download')}
              </Button>
            </Group>
          </Alert>
          {setup.file.type === 'pdf' && !preview && (
            <Button variant="subtle" onClick={() => setPreview(true)} w="fit-content">
              {t('reports.result.showPreview')}
            </Button>
          )}
          {setup.file.type === 'pdf' && preview && (
            <iframe
              title={t('reports.result.preview')}
              src={setup.file.url}
              style={{ width: '100%', height: 720, border: 0 }}
            />
          )}
        </Stack>
      )}
      <FleetReportSection siteId={siteId} />
      <ReportSchedulesSection siteId={siteId} />
    </Stack>
  );
}
