import type { IssuedCredentials } from '@cbm/contracts/device-registry';
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The example a device maker can try at once: the retained status, as the protocol wants after connecting, at the
 * broker address devices use (decision 113).
 */
export function mosquittoPubExample(credentials: IssuedCredentials, brokerUrl: string): string {
  const { deviceClass, serialNumber } = credentials.device;
  const broker = new URL(brokerUrl);
  const tls = broker.protocol === 'mqtts:';
  return [
    `mosquitto_pub -h ${broker.hostname} -p ${broker.port || (tls ? 8883 : 1883)}${tls ? ' --tls-use-os-certs' : ''} -q 1 -r`,
    `-i ${credentials.clientId} -u ${credentials.username} -P '${credentials.secret}'`,
    `-t cbm/v1/${deviceClass}/${serialNumber}/status -m '{"online":true}'`,
  ].join(' \\\n  ');
}

/** Shows a device's new credentials: the secret this once, with a copy button and a mosquitto_pub example. */
export function CredentialsDialog({ credentials, onClose }: { credentials: IssuedCredentials; onClose(): void }) {
  const { t } = useTranslation();
  const example = credentials.brokerUrl && mosquittoPubExample(credentials, credentials.brokerUrl);
  return (
    <Modal opened onClose={onClose} size="lg" title={t('devices.credentials.title', { name: credentials.username })}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
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
          <Code data-testid="device-secret" style={{ wordBreak: 'break-all' }}>
            {credentials.secret}
          </Code>
          <CopyButton value={credentials.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? t('devices.credentials.copied') : t('devices.credentials.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {example && (
          <>
            <Text size="sm">{t('devices.credentials.example', { broker: credentials.brokerUrl })}</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {example}
            </Code>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('devices.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
