import { updatesEndpoints } from '@cbm/contracts/endpoints/updates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface FirmwareUpload {
  serial: string;
  file: File;
  version: string;
}

/** POST /battery/Update/{operatingSiteId}/{serial}: multipart with the job's fields; the server assigns them. */
export function startFirmwareUpdate(siteId: number, { serial, file, version }: FirmwareUpload) {
  const form = new FormData();
  for (const field of ['id', 'createTimestamp', 'acknowledgedTimestamp', 'resultTimestamp']) form.append(field, '');
  if (version.trim()) form.append('version', version.trim());
  form.append('updateFile', file, file.name);
  return call(updatesEndpoints.start, {
    params: { operatingSiteId: siteId, serial },
    body: form,
  });
}

export function useStartFirmwareUpdate(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: FirmwareUpload) => startFirmwareUpdate(siteId, upload),
    onSuccess: (_result, { serial }) => queryClient.invalidateQueries({ queryKey: ['softwareInfo', siteId, serial] }),
  });
}
