import type { RegisterDeviceBody, RegisteredDevice } from '@cbm/contracts/device-registry';
import { deviceRegistryEndpoints } from '@cbm/contracts/endpoints/device-registry';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /devices: the site's registered devices (docs/decisions/021-device-registry.md). */
export const devicesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['devices', operatingSiteId],
    queryFn: () => call(deviceRegistryEndpoints.list, { query: { operatingSiteId } }),
    // Connected or not changes all the time.
    refetchInterval: 10_000,
  });

export const useDevices = (operatingSiteId: number) => useQuery(devicesQuery(operatingSiteId));

function useRegistryMutation<I, O>(operatingSiteId: number, request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery(operatingSiteId).queryKey }),
  });
}

export const useRegisterDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (body: Omit<RegisterDeviceBody, 'operatingSiteId'>) =>
    call(deviceRegistryEndpoints.register, { body: { ...body, operatingSiteId } }),
  );

const deviceParams = ({ deviceClass, serialNumber }: RegisteredDevice) => ({ deviceClass, serialNumber });

export const useRotateDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    call(deviceRegistryEndpoints.rotate, { params: deviceParams(device), query: { operatingSiteId } }),
  );

export const useRevokeDevice = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (device: RegisteredDevice) =>
    call(deviceRegistryEndpoints.revoke, { params: deviceParams(device), query: { operatingSiteId } }),
  );

/** POST /devices/import: multipart with the CSV file; the form shows the server's refusal itself, so no toasts. */
export const useImportDevices = (operatingSiteId: number) =>
  useRegistryMutation(operatingSiteId, (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call(deviceRegistryEndpoints.import, {
      query: { operatingSiteId },
      body: form,
      silent: true,
    });
  });
