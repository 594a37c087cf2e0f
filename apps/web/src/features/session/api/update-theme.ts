import type { Theme } from '@cbm/contracts/themes';
import type { ThemeUpdateBody, User } from '@cbm/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQuery } from './get-user';

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: Theme) =>
      api<User>('/user/theme', { method: 'PUT', body: { theme } satisfies ThemeUpdateBody }),
    onSuccess: (user) => queryClient.setQueryData(userQuery.queryKey, user),
  });
}
