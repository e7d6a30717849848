import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already toast once in the HTTP client; retrying would toast again, so queries do
 * not retry, and a tab regaining focus does not refetch behind the user's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
