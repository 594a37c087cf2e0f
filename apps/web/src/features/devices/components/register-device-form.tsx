import { DEVICE_CLASSES } from '@cbm/contracts/device-protocol';
import type { DeviceCredentials, IssuedCredentials } from '@cbm/contracts/device-registry';
import { Button, FileInput, Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useImportDevices, useRegisterDevice } from '../api/device-registry';

type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The imported devices' credentials as a CSV file to hand on once (the page cannot show them again). */
const saveCredentials = (registered: DeviceCredentials[]) =>
  saveFile({
    blob: new Blob(
      [
        [
          'username,client id,secret',
          ...registered.map((entry) => `${entry.username},${entry.clientId},${entry.secret}`),
        ].join('\n'),
      ],
      { type: 'text/csv;charset=utf-8' },
    ),
    fileName: 'device-credentials.csv',
  });

/** Registers one device (its credentials are then shown), or the devices of a CSV file. */
export function RegisterDeviceForm({
  operatingSiteId,
  onRegistered,
}: {
  operatingSiteId: number;
  onRegistered(credentials: IssuedCredentials): void;
}) {
  const { t } = useTranslation();
  const register = useRegisterDevice(operatingSiteId);
  const importFile = useImportDevices(operatingSiteId);
  const [deviceClass, setDeviceClass] = useState<DeviceClass>('battery');
  const [serialNumber, setSerialNumber] = useState('');
  const [deviceType, setDeviceType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = async () => {
    const credentials = await register.mutateAsync({ deviceClass, serialNumber, deviceType }).catch(() => undefined);
    if (!credentials) return;
    setSerialNumber('');
    onRegistered(credentials);
  };
  return (
    <>
      <Group align="flex-end">
        <Select
          label={t('devices.columns.class')}
          data={DEVICE_CLASSES.map((value) => ({ value, label: t(`devices.classes.${value}`) }))}
          value={deviceClass}
          onChange={(value) => setDeviceClass((value as DeviceClass | null) ?? 'battery')}
        />
        <TextInput
          label={t('devices.columns.serial')}
          value={serialNumber}
          onChange={(event) => setSerialNumber(event.currentTarget.value)}
        />
        <TextInput
          label={t('devices.columns.type')}
          value={deviceType}
          onChange={(event) => setDeviceType(event.currentTarget.value)}
        />
        <Button onClick={submit} loading={register.isPending} disabled={!serialNumber.trim() || !deviceType.trim()}>
          {t('devices.register')}
        </Button>
      </Group>
      <Group align="flex-end" mt="sm">
        <FileInput label={t('devices.importLabel')} accept=".csv,text/csv" value={file} onChange={setFile} w={320} />
        <Button
          variant="light"
          disabled={!file}
          loading={importFile.isPending}
          onClick={() => file && importFile.mutate(file)}
        >
          {t('devices.import')}
        </Button>
      </Group>
      {importFile.data && (
        <Group mt="xs">
          <Text size="sm">
            {t('devices.imported', {
              registered: importFile.data.registered.length,
              skipped: importFile.data.skipped.length,
            })}
          </Text>
          {importFile.data.registered.length > 0 && (
            <Button size="compact-sm" variant="light" onClick={() => saveCredentials(importFile.data.registered)}>
              {t('devices.downloadCredentials')}
            </Button>
          )}
        </Group>
      )}
      {importFile.error && (
        <Text size="sm" c="red" mt="xs">
          {failureMessage(importFile.error)}
        </Text>
      )}
    </>
  );
}
