// Session and account hooks. The ['session'] query is the one source of "who is signed in";
// every sign-in path writes the user it gets back into it, and sign-out empties it.
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  LoginRequest,
  Me,
  messageResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  passwordResetTokenStatus,
  SignupRequest,
  sessionResponse,
  userResponse,
} from '#shared/api';
import { apiRequest, apiRequestNoContent } from './client';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => apiRequest<typeof sessionResponse>('/api/auth/session', { signal }),
  staleTime: 5 * 60_000,
  // An unreachable server must not keep the spinner up: the guards treat a failed first check as
  // signed out, and the query refetches on reconnect and on focus.
  retry: false,
  retryOnMount: false,
  networkMode: 'always',
});

// Everything cached belongs to the user who was signed in; a new user starts from nothing.
function dropUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

export function setSignedIn(queryClient: QueryClient, user: Me): void {
  dropUserData(queryClient);
  queryClient.setQueryData(sessionQueryKey, { user });
}

export function setSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, { user: null });
  dropUserData(queryClient);
}

export interface SessionState {
  user: Me | null;
  // True only until the first answer (or failure) of the session check.
  isPending: boolean;
}

export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data?.user ?? null, isPending: query.isPending && !query.isError };
}

// The signed-in user, for components that only render under the RequireUser guard.
export function useMe(): Me {
  const { user } = useSession();
  if (!user) throw new Error('useMe() was called outside the signed-in part of the app.');
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) =>
      apiRequest<typeof userResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
    networkMode: 'always',
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupRequest) =>
      apiRequest<typeof userResponse>('/api/auth/signup', { method: 'POST', body: input }),
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
    networkMode: 'always',
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestNoContent('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => setSignedOut(queryClient),
    networkMode: 'always',
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<typeof messageResponse>('/api/auth/password-reset', {
        method: 'POST',
        body: input,
      }),
    networkMode: 'always',
  });
}

// The server checks a reset token by POST so the token stays out of request URLs and logs.
export function passwordResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-reset-token', token] as const,
    queryFn: ({ signal }) =>
      apiRequest<typeof passwordResetTokenStatus>('/api/auth/password-reset/check', {
        method: 'POST',
        body: { token },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}

// `active` is false once the reset is done: the token is spent and need not be checked again.
export function usePasswordResetToken(token: string, active = true) {
  return useQuery({ ...passwordResetTokenQueryOptions(token), enabled: active && token !== '' });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      apiRequest<typeof userResponse>('/api/auth/password-reset/confirm', {
        method: 'POST',
        body: input,
      }),
    onSuccess: ({ user }) => setSignedIn(queryClient, user),
    networkMode: 'always',
  });
}
