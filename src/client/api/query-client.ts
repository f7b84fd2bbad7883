// The app's QueryClient. A 401 from any data query means the session ended on the server
// (expired, or ended by a password reset elsewhere): the app then shows itself signed out.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, setSignedOut } from './auth';
import { ApiError } from './client';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401) {
          if (query.queryKey[0] !== sessionQueryKey[0]) setSignedOut(queryClient);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        // Only the generic "not signed in" answer; a 401 for wrong credentials is the log-in form's.
        if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') {
          setSignedOut(queryClient);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept for a week (and saved to localStorage by the persister), so the app opens offline.
        gcTime: 7 * 24 * 60 * 60 * 1000,
        // A 4xx will not change by asking again; network and server failures get two retries.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
  return queryClient;
}
