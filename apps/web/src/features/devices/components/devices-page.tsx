import type { IssuedCredentials, RegisteredDevice } from '@cbm/contracts/device-registry';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone, useSiteId } from '../../sites';
import { useDevices, useRevokeDevice, useRotateDevice } from '../api/device-registry';
import { CredentialsDialog } from './credentials-dialog';
import { DeviceLimitBadge } from './device-limit-badge';
import { RegisterDeviceForm } from './register-device-form';

const STATUS_COLORS = { registered: 'gray', connected: 'green', revoked: 'red' } as const;

/** The site's registered devices for its administrators: register, import, new credentials, revoke. */
export default function DevicesPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const siteId = useSiteId();
  const devices = useDevices(siteId);
  const rotate = useRotateDevice(siteId);
  const revoke = useRevokeDevice(siteId);
  const [shown, setShown] = useState<IssuedCredentials | null>(null);
  const [revoking, setRevoking] = useState<RegisteredDevice | null>(null);
  const name = (device: RegisteredDevice) => device.mqttUsername;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('menu.devices')}
      </Title>
      <Paper withBorder p="md">
        <RegisterDeviceForm operatingSiteId={siteId} onRegistered={setShown} />
      </Paper>
      <Paper withBorder p="md">
        {devices.isPending ? (
          <Loader size="sm" />
        ) : (
          <ScrollArea type="auto">
            <Table striped aria-label={t('menu.devices')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devices.columns.class')}</Table.Th>
                  <Table.Th>{t('devices.columns.serial')}</Table.Th>
                  <Table.Th>{t('devices.columns.type')}</Table.Th>
                  <Table.Th>{t('devices.columns.status')}</Table.Th>
                  <Table.Th>{t('devices.columns.lastSeen')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.data?.devices.map((device) => (
                  <Table.Tr key={name(device)} data-testid={`device-${name(device)}`}>
                    <Table.Td>{t(`devices.classes.${device.deviceClass}`)}</Table.Td>
                    <Table.Td>{device.serialNumber}</Table.Td>
                    <Table.Td>{device.deviceType}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Badge color={STATUS_COLORS[device.status]} variant="light">
                          {t(`devices.statuses.${device.status}`)}
                        </Badge>
                        {device.limit && <DeviceLimitBadge limit={device.limit} zone={zone} />}
                      </Group>
                    </Table.Td>
                    <Table.Td>{device.lastSeenAt ? formatDateTime(device.lastSeenAt, language, zone) : '–'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={rotate.isPending && rotate.variables === device}
                          onClick={() => rotate.mutateAsync(device).then(setShown, () => undefined)}
                        >
                          {t('devices.rotate')}
                        </Button>
                        {device.status !== 'revoked' && (
                          <Button size="compact-sm" variant="light" color="red" onClick={() => setRevoking(device)}>
                            {t('devices.revoke')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {devices.data?.devices.length === 0 && <Text size="sm">{t('devices.none')}</Text>}
          </ScrollArea>
        )}
      </Paper>
      {shown && <CredentialsDialog credentials={shown} onClose={() => setShown(null)} />}
      {revoking && (
        <Modal opened onClose={() => setRevoking(null)} title={t('devices.revokeTitle', { name: name(revoking) })}>
          <Text>{t('devices.revokeText')}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('devices.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutateAsync(revoking).then(
                  () => setRevoking(null),
                  () => undefined,
                )
              }
            >
              {t('devices.revoke')}
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}
