// Profile settings (spec §2): display name, push and friend notifications. Each answer carries
// the updated user, written straight into the session cache.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  displayNameResponse,
  Me,
  PushSubscriptionRequest,
  publicKeyResponse,
  userResponse,
} from '#shared/api';
import { sessionQueryKey } from './auth';
import { apiRequest } from './client';

function setMe(queryClient: QueryClient, user: Me): void {
  queryClient.setQueryData(sessionQueryKey, { user });
}

export function useSaveDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) =>
      apiRequest<typeof displayNameResponse>('/api/me/display-name', {
        method: 'PUT',
        body: { displayName },
      }),
    onSuccess: ({ user }) => setMe(queryClient, user),
  });
}

export function fetchPushPublicKey(): Promise<string> {
  return apiRequest<typeof publicKeyResponse>('/api/push/public-key').then((r) => r.publicKey);
}

export function useStorePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionRequest) =>
      apiRequest<typeof userResponse>('/api/push/subscription', {
        method: 'POST',
        body: subscription,
      }),
    onSuccess: ({ user }) => setMe(queryClient, user),
  });
}

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string | undefined) =>
      apiRequest<typeof userResponse>('/api/push/subscription', {
        method: 'DELETE',
        body: endpoint ? { endpoint } : {},
      }),
    onSuccess: ({ user }) => setMe(queryClient, user),
  });
}

export function useSetFriendNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<typeof userResponse>('/api/me/friend-notifications', {
        method: 'PUT',
        body: { enabled },
      }),
    onSuccess: ({ user }) => setMe(queryClient, user),
  });
}
