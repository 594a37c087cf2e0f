import type {
  DeviceImportResult,
  IssuedCredentials,
  ListedDevice,
  RegisterDeviceBody,
  RegisteredDevice,
} from '@cbm/contracts/device-registry';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /devices: the site's registered devices (docs/decisions/021-device-registry.md). */
export const devicesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['devices', operatingSiteId],
    queryFn: () => api<{ devices: ListedDevice[] }>('/devices', { query: { operatingSiteId } }),
    // Connected or not changes all the time.
    refetchInterval: 10_000,
  });

export const useDevices = (operatingSiteId: number) => useQuery(devicesQuery(operatingSiteId));

function useRegistryMutation<I, O>(operatingSiteId: number, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery(operatingSiteId).queryKey }),
  });
}

export const useRegisterDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (body: Omit<RegisterDeviceBody, 'operatingSiteId'>) =>
    api<IssuedCredentials>('/devices', { method: 'POST', body: { ...body, operatingSiteId } }),
  );

const devicePath = (device: RegisteredDevice, action: 'rotate' | 'revoke') =>
  `/devices/${device.deviceClass}/${encodeURIComponent(device.serialNumber)}/${action}`;

export const useRotateDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    api<IssuedCredentials>(devicePath(device, 'rotate'), { method: 'POST', query: { operatingSiteId } }),
  );

export const useRevokeDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    api<RegisteredDevice>(devicePath(device, 'revoke'), { method: 'POST', query: { operatingSiteId } }),
  );

/** POST /devices/import: multipart with the CSV file; the form shows the server's refusal itself, so no toasts. */
export const useImportDevices = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api<DeviceImportResult>('/devices/import', {
      method: 'POST',
      query: { operatingSiteId },
      body: form,
      silent: true,
    });
  });
