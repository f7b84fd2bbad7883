// Own your data (issue 8): the export is a plain link (the browser downloads it with the session
// cookie); deleting the account is a mutation that, once the server has said yes, forgets
// everything this browser kept about the player.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '#shared/account-data';
import { accountDataMessages } from '#shared/account-data-text';
import type { messageResponse } from '#shared/api';
import { setFlashNotice } from '../flash-notice';
import { setSignedOut } from './auth';
import { apiRequest } from './client';
import { forgetPersistedCache } from './persist';

export const ACCOUNT_EXPORT_URL = '/api/me/export';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) =>
      apiRequest<typeof messageResponse>('/api/me', { method: 'DELETE', body: input }),
    networkMode: 'always',
    onSuccess: () => {
      // The log-in screen, where the guards now send the visitor, says what happened.
      setFlashNotice(accountDataMessages.deleted);
      // Signed out: the session says nobody, and every other cached query is dropped.
      setSignedOut(queryClient);
      forgetPersistedCache();
    },
  });
}
