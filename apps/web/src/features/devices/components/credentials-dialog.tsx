import type { DeviceCredentials } from '@cbm/contracts/device-registry';
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The example a device maker can try at once: the retained status, as the protocol wants after connecting. */
export function mosquittoPubExample(credentials: DeviceCredentials, host: string): string {
  const { deviceClass, serialNumber } = credentials.device;
  return [
    `mosquitto_pub -h ${host} -p 1884 -q 1 -r`,
    `-i ${credentials.clientId} -u ${credentials.username} -P '${credentials.secret}'`,
    `-t cbm/v1/${deviceClass}/${serialNumber}/status -m '{"online":true}'`,
  ].join(' \\\n  ');
}

/** Shows a device's new credentials: the secret this once, with a copy button and a mosquitto_pub example. */
export function CredentialsDialog({ credentials, onClose }: { credentials: DeviceCredentials; onClose(): void }) {
  const { t } = useTranslation();
  const example = mosquittoPubExample(credentials, window.location.hostname);
  return (
    <Modal opened onClose={onClose} size="lg" title={t('devices.credentials.title', { name: credentials.username })}>
      <Stack gap="sm">
        <Text size="sm" c="orange">
          {t('devices.credentials.once')}
        </Text>
        <Text size="sm">
          {t('devices.credentials.username')}: <Code data-testid="device-username">{credentials.username}</Code>
        </Text>
        <Text size="sm">
          {t('devices.credentials.clientId')}: <Code>{credentials.clientId}</Code>
        </Text>
        <Group gap="xs">
          <Text size="sm">{t('devices.credentials.secret')}:</Text>
          <Code data-testid="device-secret">{credentials.secret}</Code>
          <CopyButton value={credentials.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? t('devices.credentials.copied') : t('devices.credentials.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('devices.credentials.example')}</Text>
        <Code block>{example}</Code>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('devices.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
