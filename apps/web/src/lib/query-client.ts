import { QueryClient } from '@tanstack/react-query';

/** Query de-duplication is the spec's "hydrating" flag: a second concurrent load joins the first. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
