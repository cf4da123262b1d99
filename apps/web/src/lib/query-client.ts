import { QueryClient } from '@tanstack/react-query';

/**
 * A refusal (an answer below 500, see ApiError) will not change on a retry; only network and
 * server failures are retried. Read by its `status` rather than `instanceof ApiError`, so the
 * login page's first download does not carry the API client and its schemas.
 */
function isRefusal(error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status < 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
