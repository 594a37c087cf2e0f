import { type BatteryListItem, VERSION_FIELDS } from '@cbm/contracts/battery-list';
import { UPDATE_FILE_EXTENSIONS } from '@cbm/contracts/update-jobs';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { notifications } from '../../../lib/notifications/notification-store';
import { hasRunningJob, useSoftwareInfo } from '../api/get-software-info';
import { useStartFirmwareUpdate } from '../api/start-firmware-update';
import { UpdateJobsTable } from './update-jobs-table';

interface UpdateDialogProps {
  siteId: number;
  battery: Pick<BatteryListItem, 'batterySerialNumber' | 'batteryName' | 'status'>;
  onClose: () => void;
}

/** Software update of one battery (cbm_update): versions, the standby rule, the upload and the jobs. */
export function UpdateDialog({ siteId, battery, onClose }: UpdateDialogProps) {
  const { t } = useTranslation();
  const serial = battery.batterySerialNumber;
  const info = useSoftwareInfo(siteId, serial);
  const start = useStartFirmwareUpdate(siteId);
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [confirming, setConfirming] = useState(false);
  const name = battery.batteryName;
  const state = t(`batteryList.status.${battery.status}`);
  const inStandby = battery.status === 'standby';
  const outdated = new Set(info.data?.outdated ?? []);

  const submit = () => {
    if (!file) return;
    start.mutate(
      { serial, file, version },
      {
        onSettled: () => setConfirming(false),
        onSuccess: (result) => {
          const message = result.upToDate
            ? t('batteryList.update.upToDate', { name })
            : t('batteryList.update.started', { name });
          notifications.add({
            type: result.upToDate ? 'info' : 'success',
            title: t('batteryList.softwareUpdate'),
            message,
          });
          setFile(null);
          setVersion('');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={t('batteryList.update.title', { name, serial })}>
      <Stack gap="md">
        <Alert icon={<IconInfoCircle />} color={inStandby ? 'blue' : 'orange'} variant="light">
          <Text size="sm" fw={600}>
            {t(inStandby ? 'batteryList.update.stateReady' : 'batteryList.update.stateWaits', { state })}
          </Text>
          <Text size="sm" mt={4}>
            {t('batteryList.update.rule')}
          </Text>
          <Text size="sm" mt={4}>
            {t('batteryList.update.completion')}
          </Text>
        </Alert>
        {info.isPending ? (
          <Loader size="sm" />
        ) : (
          info.data && (
            <>
              <Title order={3} size="h4">
                {t('batteryList.update.versions')}
              </Title>
              {!info.data.expectedVersions && (
                <Text size="sm">{t('batteryList.update.noExpected', { type: info.data.type })}</Text>
              )}
              <Table aria-label={t('batteryList.update.versions')} withColumnBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                    </Table.Th>
                    {VERSION_FIELDS.map((field) => (
                      <Table.Th key={field}>{t(`batteryList.columns.${field}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('batteryList.update.current')}</Table.Th>
                    {VERSION_FIELDS.map((field) => (
                      <Table.Td key={field} bg={outdated.has(field) ? 'var(--mantine-color-orange-light)' : undefined}>
                        {info.data.currentVersions[field] ?? '–'}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('batteryList.update.expected')}</Table.Th>
                    {VERSION_FIELDS.map((field) => (
                      <Table.Td key={field}>{info.data.expectedVersions?.[field] ?? '–'}</Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </>
          )
        )}
        <Group align="end">
          <FileInput
            label={t('batteryList.update.file')}
            placeholder={t('batteryList.update.filePlaceholder')}
            accept={UPDATE_FILE_EXTENSIONS.join(',')}
            value={file}
            onChange={setFile}
            clearable
            w={320}
          />
          <TextInput
            label={t('batteryList.update.version')}
            description={t('batteryList.update.versionHint')}
            value={version}
            onChange={(event) => setVersion(event.currentTarget.value)}
            w={260}
          />
          <Button leftSection={<IconUpload size={16} />} disabled={!file} onClick={() => setConfirming(true)}>
            {t('batteryList.update.start')}
          </Button>
        </Group>
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('batteryList.update.jobs')}
          </Title>
          {hasRunningJob(info.data) && (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                {t('batteryList.update.refreshing')}
              </Text>
            </Group>
          )}
        </Group>
        <UpdateJobsTable jobs={info.data?.jobs ?? []} />
        {confirming && file && (
          <ConfirmDialog
            title={t('batteryList.update.confirmTitle')}
            confirmLabel={t('batteryList.update.confirm')}
            cancelLabel={t('batteryList.update.cancel')}
            loading={start.isPending}
            onConfirm={submit}
            onClose={() => setConfirming(false)}
          >
            <Text>{t('batteryList.update.confirmText', { file: file.name, name, serial })}</Text>
            <Text size="sm">
              {t(inStandby ? 'batteryList.update.stateReady' : 'batteryList.update.stateWaits', { state })}
            </Text>
          </ConfirmDialog>
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('batteryList.update.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
