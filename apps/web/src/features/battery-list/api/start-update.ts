import { TOAST_API_ERROR_MS } from '@cbm/contracts/constants';
import type { UpdateStartResponse } from '@cbm/contracts/update-jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { apiErrorToasts } from '../../../lib/api-error-toasts';
import { i18n } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { UPDATE_PATH } from './get-software-info';

export interface UpdateUpload {
  serial: string;
  file: File;
  version: string;
}

/** POST /battery/Update/{operatingSiteId}/{serial}: multipart with the job's fields; the server assigns them. */
export async function startUpdate(operatingSiteId: number, { serial, file, version }: UpdateUpload) {
  const form = new FormData();
  for (const field of ['id', 'createTimestamp', 'acknowledgedTimestamp', 'resultTimestamp']) form.append(field, '');
  if (version.trim()) form.append('version', version.trim());
  form.append('updateFile', file, file.name);
  const url = `${API_BASE}${UPDATE_PATH}/${operatingSiteId}/${encodeURIComponent(serial)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'accept-language': i18n.language },
    });
  } catch (error) {
    throw toast(undefined, error instanceof Error ? error.message : String(error));
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw toast(body, `${response.status} ${response.statusText}`);
  return body as UpdateStartResponse;
}

/** The error toasts of spec §8, as the shared client raises them. */
function toast(body: unknown, message: string): Error {
  const texts = { apiError: i18n.t('errors.apiError'), unknownError: i18n.t('errors.unknownError') };
  for (const item of apiErrorToasts(body, message, texts))
    notifications.add({ ...item, autoCloseMs: TOAST_API_ERROR_MS });
  return new Error(message);
}

export function useStartUpdate(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: UpdateUpload) => startUpdate(operatingSiteId, upload),
    onSuccess: (_result, { serial }) =>
      queryClient.invalidateQueries({ queryKey: ['softwareInfo', operatingSiteId, serial] }),
  });
}
