import type {
  DeviceCredentials,
  DeviceImportResult,
  RegisterDeviceBody,
  RegisteredDevice,
} from '@cbm/contracts/device-registry';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/** GET /devices: the site's registered devices (docs/decisions/021-device-registry.md). */
export const devicesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['devices', operatingSiteId],
    queryFn: () => api<{ devices: RegisteredDevice[] }>('/devices', { query: { operatingSiteId } }),
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
    api<DeviceCredentials>('/devices', { method: 'POST', body: { ...body, operatingSiteId } }),
  );

const devicePath = (device: RegisteredDevice, action: 'rotate' | 'revoke') =>
  `/devices/${device.deviceClass}/${encodeURIComponent(device.serialNumber)}/${action}`;

export const useRotateDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    api<DeviceCredentials>(devicePath(device, 'rotate'), { method: 'POST', query: { operatingSiteId } }),
  );

export const useRevokeDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    api<RegisteredDevice>(devicePath(device, 'revoke'), { method: 'POST', query: { operatingSiteId } }),
  );

/** POST /devices/import: multipart with the CSV file; the server's message when it refuses the file. */
export const useImportDevices = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const response = await fetch(`${API_BASE}/devices/import?operatingSiteId=${operatingSiteId}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-language': i18n.language },
    });
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    if (!response.ok) throw new Error(body?.message ?? `${response.status} ${response.statusText}`);
    return body as DeviceImportResult;
  });
