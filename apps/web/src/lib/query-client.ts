import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// A refusal (4xx) will not change on a retry; only network and server failures are retried.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
