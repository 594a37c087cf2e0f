import type { UiLanguage } from '@cbm/contracts/date-formats';
import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { LanguageUpdateBody } from '@cbm/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQuery } from './get-user';

/** PUT /user/language: the language chosen in the header, kept on the user (decision 042). */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: UiLanguage) =>
      call(userEndpoints.language, { body: { language } satisfies LanguageUpdateBody }),
    onSuccess: (user) => queryClient.setQueryData(userQuery.queryKey, user),
  });
}
