import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { Theme } from '@cbm/contracts/themes';
import type { ThemeUpdateBody } from '@cbm/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQuery } from './get-user';

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: Theme) => call(userEndpoints.theme, { body: { theme } satisfies ThemeUpdateBody }),
    onSuccess: (user) => queryClient.setQueryData(userQuery.queryKey, user),
  });
}
